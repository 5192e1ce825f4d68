package api

import (
	"net/http"
	"time"

	"feedlab/alert"
	"feedlab/study"
)

// DefaultDroppedAfter is how long without an event makes a participant who did not
// complete count as dropped (serve --dropped-after).
const DefaultDroppedAfter = 30 * time.Minute

// getDashboard answers a study's live dashboard: its figures (study.Dashboard;
// docs/dashboard.md defines each number) and the alerts the appliance met running it.
func (s *Server) getDashboard(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	def, err := s.studyDefinition(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	figures, err := def.Dashboard(r.Context(), s.store, s.now(), s.droppedAfter)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	s.diskLow() // the low-disk alert is current when the page looks
	alerts := s.alerts.For(id)
	if alerts == nil {
		alerts = []alert.Alert{}
	}
	replicas := []ReplicaState{}
	if s.replication != nil {
		replicas = s.replication()
	}
	ok(w, struct {
		study.Dashboard
		// Alerts are the problems the appliance met while running this study (and the
		// appliance-wide ones), most recent first; empty when all is well.
		Alerts []alert.Alert `json:"alerts"`
		// Replication: serve --replicate's destination and how current it is; empty when
		// the appliance does not replicate.
		Replication []ReplicaState `json:"replication"`
	}{figures, alerts, replicas})
}
