package demo

import (
	"encoding/json"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// person and project are the sample directory's records.
type person struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Role string `json:"role"`
	Team string `json:"team"`
}

type project struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Team string `json:"team"`
}

// directory is the sample API: a few people (two named Sam, so a name can be ambiguous)
// and the projects they work on. It is the upstream askapi calls during the demo.
type directory struct {
	mu       sync.Mutex
	people   []person
	projects []project
	members  map[int][]int // person id → project ids
}

func newDirectory() *directory {
	return &directory{
		people: []person{
			{ID: 101, Name: "Ada Lovelace", Role: "Staff engineer", Team: "platform"},
			{ID: 102, Name: "Sam Carter", Role: "Site reliability engineer", Team: "platform"},
			{ID: 103, Name: "Sam Okafor", Role: "Product designer", Team: "design"},
			{ID: 104, Name: "Grace Hopper", Role: "Engineering manager", Team: "mobile"},
		},
		projects: []project{
			{ID: 1, Name: "Billing revamp", Team: "platform"},
			{ID: 2, Name: "Design system", Team: "design"},
			{ID: 3, Name: "Offline mode", Team: "mobile"},
			{ID: 4, Name: "Status page", Team: "platform"},
		},
		members: map[int][]int{101: {1}, 102: {1, 4}, 103: {2}, 104: {3, 2}},
	}
}

func (d *directory) handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /people", d.search)
	mux.HandleFunc("GET /people/{id}", d.person)
	mux.HandleFunc("GET /people/{id}/projects", d.personProjects)
	mux.HandleFunc("POST /projects", d.createProject)
	return mux
}

// search matches every word of q against names, case-insensitively.
func (d *directory) search(w http.ResponseWriter, r *http.Request) {
	words := strings.Fields(strings.ToLower(r.URL.Query().Get("q")))
	d.mu.Lock()
	defer d.mu.Unlock()
	results := []person{}
	for _, p := range d.people {
		name := strings.ToLower(p.Name)
		match := len(words) > 0
		for _, word := range words {
			match = match && strings.Contains(name, word)
		}
		if match {
			results = append(results, p)
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"results": results})
}

func (d *directory) find(w http.ResponseWriter, r *http.Request) (person, bool) {
	id, err := strconv.Atoi(r.PathValue("id"))
	if err == nil {
		for _, p := range d.people {
			if p.ID == id {
				return p, true
			}
		}
	}
	writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such person"})
	return person{}, false
}

func (d *directory) person(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if p, ok := d.find(w, r); ok {
		writeJSON(w, http.StatusOK, p)
	}
}

func (d *directory) personProjects(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	defer d.mu.Unlock()
	p, ok := d.find(w, r)
	if !ok {
		return
	}
	ids := append([]int(nil), d.members[p.ID]...)
	sort.Ints(ids)
	out := []project{}
	for _, id := range ids {
		for _, pr := range d.projects {
			if pr.ID == id {
				out = append(out, pr)
			}
		}
	}
	writeJSON(w, http.StatusOK, out)
}

func (d *directory) createProject(w http.ResponseWriter, r *http.Request) {
	var in project
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.Name == "" || in.Team == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "name and team are required"})
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	in.ID = len(d.projects) + 1
	d.projects = append(d.projects, in)
	writeJSON(w, http.StatusCreated, in)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
