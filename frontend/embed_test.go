package frontend

import "testing"

func TestResearcherRoutesParse(t *testing.T) {
	if _, err := parseRoutes(routesJSON); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{`{}`, `{"routes":["login"]}`, `[`} {
		if _, err := parseRoutes([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
