// Package api is feedlab's HTTP side: the /v1 JSON calls of participants and researchers,
// researcher sign-in, media files and the embedded React app, routed with gorilla/mux.
// Each call has one handler in a file named after it; handlers validate their input, call
// the store, and answer with success "true" or an error {code, message}.
package api

import (
	"io/fs"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gorilla/mux"

	"feedlab/alert"
	"feedlab/auth"
	"feedlab/bundle"
	"feedlab/diskspace"
	"feedlab/limit"
	"feedlab/media"
	"feedlab/store"
	"feedlab/study"
)

// Config is what the server needs.
type Config struct {
	Store    *store.Store
	Media    *media.Store
	Frontend fs.FS // the built bundle (index.html, researcher.html, assets/, img/)
	Logger   *slog.Logger
	Contact  Contact // serve --contact: the home page's contact link, when set
	// PublicURLs are the base addresses participants open (local first, then the LAN
	// addresses), as serve prints them; the wizard shows them after creating a study.
	PublicURLs []string
	// BehindProxy trusts X-Forwarded-For and X-Forwarded-Proto (serve --behind-proxy).
	BehindProxy bool
	// FrameAncestors are the origins that may embed the participant pages in a frame
	// (serve --frame-ancestors), beside feedlab itself; participant pages post their
	// messages to the exact origins among them.
	FrameAncestors []string
	// ArrivalsPerMinute and SignupsPerMinute limit new participants and home-page sign-ups
	// per client address (the burst is the same number); 0 takes the default.
	ArrivalsPerMinute int
	SignupsPerMinute  int
	// PasswordChecksPerMinute caps password checks across the appliance (serve
	// --password-checks-per-minute; the burst is a sixth of it, at least 10); 0 takes the
	// default.
	PasswordChecksPerMinute int
	// DroppedAfter is how long without an event makes a participant who did not complete
	// count as dropped on the dashboard (serve --dropped-after); 0 means 30 minutes.
	DroppedAfter time.Duration
	// Version is feedlab's version, written into codebooks and study bundles.
	Version string
	// Alerts counts what researchers must see on a study's page (a failed ranking,
	// participants over budget, a disk nearly full); nil makes one logging to Logger.
	Alerts *alert.Board
	// Disk watches the data directory's free space against serve's --min-free-space:
	// below it new arrivals, uploads and imports are refused. nil: no guard.
	Disk *diskspace.Checker
	// MediaQuota is what one researcher's uploaded media may take (serve --media-quota);
	// 0: no quota.
	MediaQuota int64
	// BundleMaxBytes caps an imported bundle's decompressed files (serve
	// --bundle-max-size); 0 takes bundle.MaxTotalBytes.
	BundleMaxBytes int64
	// Replication reports serve --replicate's destinations for the study pages; nil when
	// the appliance does not replicate.
	Replication func() []ReplicaState
}

// ReplicaState is one replication destination as the study pages show it.
type ReplicaState struct {
	URL string `json:"url"`
	// LastReplicated is the last moment all that was committed was at the destination.
	LastReplicated time.Time `json:"last_replicated"`
	// LagSeconds is how long the destination has been behind (0 when it is not).
	LagSeconds float64 `json:"lag_seconds"`
	LastError  string  `json:"last_error,omitempty"`
}

// Default anonymous-write limits per client address (serve flags raise them). A classroom
// of 200 behind one NAT address arrives within a minute.
const (
	DefaultArrivalsPerMinute = 200
	DefaultSignupsPerMinute  = 10
)

// Server answers feedlab's HTTP requests.
type Server struct {
	store    *store.Store
	media    *media.Store
	frontend fs.FS
	log      *slog.Logger
	contact  Contact
	signIns  *signInGuard
	devices  deviceKeys
	// The password functions, replaced in tests that count how many guesses reach a hash.
	verifyPassword func(hash, pw string) error
	dummyVerify    func(pw string)
	hashPassword   func(pw string) (string, error)
	// publicURLs are the participant addresses serve prints, offered by capabilities.
	publicURLs []string
	studies    *study.Definitions
	now        func() time.Time

	behindProxy    bool
	proxyWarning   sync.Once // a peer not on this machine behind --behind-proxy, logged once
	frameAncestors []string
	arrivals       *limit.Rate
	signups        *limit.Rate
	storageErrors  *onceEvery
	// mediaMu: hosted uploads hold it shared from storing a file to recording it; sweeps
	// and set deletion hold it alone, so a file is never removed between the two.
	mediaMu sync.RWMutex
	// variants makes images' smaller copies in the background (media_variants.go).
	variants variantMaker
	// droppedAfter: see Config.DroppedAfter.
	droppedAfter time.Duration
	version      string
	alerts       *alert.Board
	replication  func() []ReplicaState
	// The free-space guard, the media quota and the bundle cap (see Config).
	disk       *diskspace.Checker
	diskWasLow atomic.Bool
	mediaQuota int64
	bundleMax  int64
	room       *uploadRoom
	// reconciling holds a token per reconciliation running (reconcileSlots).
	reconciling chan struct{}
	// reads: which reads of participant data were recorded lately (audit_reads.go).
	reads recentReads
	// budgets: what each participant may send and has sent (budgets.go).
	budgets *budgets
}

// New returns a server for cfg.
func New(cfg Config) *Server {
	log := cfg.Logger
	if log == nil {
		log = slog.Default()
	}
	alerts := cfg.Alerts
	if alerts == nil {
		alerts = alert.New(log)
	}
	droppedAfter := cfg.DroppedAfter
	if droppedAfter <= 0 {
		droppedAfter = DefaultDroppedAfter
	}
	s := &Server{
		store:          cfg.Store,
		media:          cfg.Media,
		frontend:       cfg.Frontend,
		log:            log,
		contact:        cfg.Contact,
		signIns:        newSignInGuard(orDefault(cfg.PasswordChecksPerMinute, hashesPerMinute)),
		verifyPassword: auth.VerifyPassword,
		dummyVerify:    auth.DummyVerify,
		hashPassword:   auth.HashPassword,
		studies:        study.NewDefinitions(cfg.Store),
		publicURLs:     cfg.PublicURLs,
		now:            time.Now,

		behindProxy:    cfg.BehindProxy,
		frameAncestors: cfg.FrameAncestors,
		arrivals:       limit.NewRate(orDefault(cfg.ArrivalsPerMinute, DefaultArrivalsPerMinute), orDefault(cfg.ArrivalsPerMinute, DefaultArrivalsPerMinute)),
		signups:        limit.NewRate(orDefault(cfg.SignupsPerMinute, DefaultSignupsPerMinute), orDefault(cfg.SignupsPerMinute, DefaultSignupsPerMinute)),
		storageErrors:  &onceEvery{period: time.Minute},
		droppedAfter:   droppedAfter,
		version:        cfg.Version,
		alerts:         alerts,
		replication:    cfg.Replication,
		disk:           cfg.Disk,
		mediaQuota:     cfg.MediaQuota,
		bundleMax:      orDefault64(cfg.BundleMaxBytes, bundle.MaxTotalBytes),
		room:           &uploadRoom{by: map[int64]int64{}},
		reconciling:    make(chan struct{}, reconcileSlots),
		budgets:        newBudgets(),
	}
	s.signIns.clearedAt = cfg.Store.LockoutClearedAt
	return s
}

// Handler returns the routes wrapped in what every request passes through: the proxy
// rule, panic recovery, the security headers and the cross-site check.
func (s *Server) Handler() http.Handler {
	return s.trustProxy(s.recoverPanics(s.securityHeaders(s.sameOriginWrites(s.participantPosts(s.router())))))
}

// participantRoute is a call a participant's page makes: no sign-in, open to any sender
// (participantCalls), and when posted to a plain path, served without the router's
// matching (participantPosts).
type participantRoute struct {
	path    string // under /v1
	handler func(*Server, http.ResponseWriter, *http.Request)
	methods []string
}

var participantRoutes = []participantRoute{
	{"/load_experiment", (*Server).loadExperiment, []string{http.MethodGet, http.MethodPost}},
	{"/write_user_engagement", (*Server).writeEngagement, []string{http.MethodPost}},
	{"/write_batch_dwell", (*Server).writeBatchDwell, []string{http.MethodPost}},
	{"/write_form", (*Server).writeForm, []string{http.MethodPost}},
	{"/write_checkpoint", (*Server).writeCheckpoint, []string{http.MethodPost}},
	{"/write_exit", (*Server).writeExit, []string{http.MethodPost}},
	{"/load_block", (*Server).loadBlock, []string{http.MethodPost}},
	{"/analytics", (*Server).analytics, []string{http.MethodGet, http.MethodPost}},
	{"/signup", (*Server).signup, []string{http.MethodPost}},
	{"/questionnaires/{name}", (*Server).questionnaireShow, []string{http.MethodGet}},
}

// participantPosts serves a participant's posts to the plain paths of participantRoutes
// straight from a map, and everything else through the router. A scrolling participant
// posts dozens of events, and the router's matching (route after route, by regular
// expression) and its copy of every request were 3 % of the server's CPU under a load of
// whole participants (BENCHMARKS.md, "Sixth round"). The router still has these routes:
// another method, or a path it would clean first, is its to answer, as before.
func (s *Server) participantPosts(router http.Handler) http.Handler {
	direct := map[string]func(*Server, http.ResponseWriter, *http.Request){}
	for _, pr := range participantRoutes {
		if !strings.Contains(pr.path, "{") && slices.Contains(pr.methods, http.MethodPost) {
			direct["/v1"+pr.path] = pr.handler
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if h := direct[r.URL.Path]; h != nil && r.Method == http.MethodPost {
			h(s, w, r)
			return
		}
		router.ServeHTTP(w, r)
	})
}

// router is every route, without the wrappers every request passes through.
func (s *Server) router() *mux.Router {
	r := mux.NewRouter()
	v1 := r.PathPrefix("/v1").Subrouter()

	// Participants: no sign-in; they can write their own events and read their own feed.
	for _, pr := range participantRoutes {
		v1.HandleFunc(pr.path, func(w http.ResponseWriter, r *http.Request) { pr.handler(s, w, r) }).Methods(pr.methods...)
	}

	// Researcher sign-in.
	v1.HandleFunc("/auth/setup", s.authSetup).Methods(http.MethodPost)
	v1.HandleFunc("/auth/login", s.authLogin).Methods(http.MethodPost)
	v1.HandleFunc("/auth/logout", s.authLogout).Methods(http.MethodPost)
	v1.HandleFunc("/auth/me", s.requireResearcher(s.authMe)).Methods(http.MethodGet)
	v1.HandleFunc("/auth/status", s.authStatus).Methods(http.MethodGet)

	// Researchers only.
	v1.HandleFunc("/pull_entity_sets", s.requireResearcher(s.pullEntitySets)).Methods(http.MethodGet, http.MethodPost)
	v1.HandleFunc("/ingest_entity_set", s.requireResearcher(s.ingestEntitySet)).Methods(http.MethodPost)
	v1.HandleFunc("/spawn_experiment", s.requireResearcher(s.spawnExperiment)).Methods(http.MethodPost)
	v1.HandleFunc("/dump_data", s.requireResearcher(s.dumpData)).Methods(http.MethodPost)
	v1.HandleFunc("/capabilities", s.requireResearcher(s.capabilities)).Methods(http.MethodGet)
	v1.HandleFunc("/studies", s.requireResearcher(s.listStudies)).Methods(http.MethodGet)
	// Every call about one study, through one door (study_door.go).
	s.routeStudies(v1)
	v1.HandleFunc("/import_study", s.requireResearcher(s.importStudy)).Methods(http.MethodPost)
	v1.HandleFunc("/researchers", s.requireResearcher(s.listResearchers)).Methods(http.MethodGet)
	v1.HandleFunc("/signups", s.requireResearcher(s.listSignups)).Methods(http.MethodGet)
	v1.HandleFunc("/check_parameters", s.requireResearcher(s.checkParameters)).Methods(http.MethodPost)
	v1.HandleFunc("/render_markdown", s.requireResearcher(s.renderMarkdown)).Methods(http.MethodPost)

	// The stimulus library: hosted media upload, listing, hiding and deleting sets.
	v1.HandleFunc("/media", s.requireResearcher(s.uploadMedia)).Methods(http.MethodPost)
	v1.HandleFunc("/media/stored", s.requireResearcher(s.storedMedia)).Methods(http.MethodPost)
	v1.HandleFunc("/media/{sha256}", s.requireResearcher(s.uploadMedia)).Methods(http.MethodPut)
	v1.HandleFunc("/sets", s.requireResearcher(s.listSets)).Methods(http.MethodGet)
	v1.HandleFunc("/sets/{entity_set}", s.requireResearcher(s.getSet)).Methods(http.MethodGet)
	v1.HandleFunc("/sets/{entity_set}", s.requireResearcher(s.deleteSet)).Methods(http.MethodDelete)
	v1.HandleFunc("/sets/{entity_set}/hidden", s.requireResearcher(s.hideSet)).Methods(http.MethodPost)
	v1.HandleFunc("/library/audit", s.requireResearcher(s.libraryAudit)).Methods(http.MethodGet)

	v1.NotFoundHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, &apiError{http.StatusNotFound, codeNotFound, "There is no API call " + r.URL.Path + "."})
	})
	v1.MethodNotAllowedHandler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, &apiError{http.StatusMethodNotAllowed, codeBadRequest, r.Method + " is not allowed on " + r.URL.Path + "."})
	})

	r.HandleFunc("/docs/parameters", s.serveParameterDocs).Methods(http.MethodGet, http.MethodHead)
	r.PathPrefix("/media/").Handler(http.HandlerFunc(s.serveMedia)).Methods(http.MethodGet, http.MethodHead)
	r.PathPrefix("/").Handler(http.HandlerFunc(s.serveApp)).Methods(http.MethodGet, http.MethodHead)
	return r
}

// recoverPanics turns a handler panic into a logged 500, so one bad request can never take
// the server down during a study.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("panic in handler", "method", r.Method, "path", r.URL.Path, "panic", v)
				s.fail(w, r, &apiError{http.StatusInternalServerError, codeInternal, "Something went wrong on the server; the error was logged."})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

func orDefault64(v, def int64) int64 {
	if v <= 0 {
		return def
	}
	return v
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
