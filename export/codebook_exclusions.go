package export

// The exclusion columns (issue 22, item 3) of the participants and exposures exports. Kept
// in their own file and added to commonDocs at start-up, so that the codebook's words
// elsewhere can change without touching these.
func init() {
	const oExclusion = "a researcher's decision on the participant's page or with feedlab participant exclude (audited)"
	commonDocs["excluded"] = ColumnDoc{tBit, "", oExclusion,
		"1 when a researcher excluded the participant from the analysis, 0 otherwise. Their data is kept; the exposures export leaves them out when asked to (drop excluded)."}
	commonDocs["exclusion_reason"] = ColumnDoc{tText, "", oExclusion,
		"Why the participant was excluded, in the researcher's words; empty when not excluded."}
}
