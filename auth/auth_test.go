package auth

import (
	"testing"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	h, err := HashPassword("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyPassword(h, "correct horse battery"); err != nil {
		t.Fatalf("right password refused: %v", err)
	}
	if err := VerifyPassword(h, "wrong horse battery"); err != ErrWrongPassword {
		t.Fatalf("wrong password: got %v", err)
	}
}

func TestPasswordAndNameRules(t *testing.T) {
	if _, err := HashPassword("short"); err == nil {
		t.Fatal("short password accepted")
	}
	if err := CheckPassword(string(make([]byte, 80))); err == nil {
		t.Fatal("password over 72 bytes accepted")
	}
	for _, bad := range []string{"", " ada", "ada ", string(make([]rune, 65))} {
		if CheckName(bad) == nil {
			t.Fatalf("name %q accepted", bad)
		}
	}
	if err := CheckName("Ada Lovelace"); err != nil {
		t.Fatal(err)
	}
}

func TestTokensAreUniqueAndHashed(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) < 40 {
		t.Fatalf("tokens %q %q", a, b)
	}
	if HashToken(a) == a || HashToken(a) != HashToken(a) || HashToken(a) == HashToken(b) {
		t.Fatal("token hash is not a stable one-way function of the token")
	}
}
