package main

import "errors"

func runStudyLoad(bin string, n int) error { return errors.New("-study: not yet") }
