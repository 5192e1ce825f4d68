package questionnaire

import "bytes"

// parseOne reads a single definition (a JSON object), as `feedlab questionnaire show`
// prints one: the tests' way to check what show prints and the documented examples.
func parseOne(data []byte, reserved []string) (Questionnaire, error) {
	list, err := Parse(append(append([]byte("["), bytes.TrimSpace(data)...), ']'), reserved)
	if err != nil {
		return Questionnaire{}, err
	}
	if len(list) != 1 {
		return Questionnaire{}, Problems{{Message: "must be one questionnaire (a JSON object)"}}
	}
	return list[0], nil
}
