package reverse

import (
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestPutCreates: the last path parameter of a PUT that says it creates that very thing
// is the person's name for it; a PUT that creates something else (a membership of a
// user), or says nothing of creating, takes an existing thing there.
func TestPutCreates(t *testing.T) {
	str := map[string]any{"type": "string"}
	cases := []struct {
		method, path, id, summary, param, resource string
		want                                       bool
	}{
		{"PUT", "/caches/{cacheName}/storageTargets/{storageTargetName}", "StorageTargets_CreateOrUpdate", "", "storageTargetName", "storage_target", true},
		{"PUT", "/repos/{owner}/{repo}/environments/{environment_name}", "repos/create-or-update-environment", "Create or update an environment", "environment_name", "environment", true},
		{"PUT", "/secrets/{secretName}", "", "Creates a new secret for the account", "secretName", "secret", true},
		{"PUT", "/groups/{groupId}/users/{userId}", "GroupUser_Create", "", "userId", "user", false},
		{"PUT", "/users/{userId}/roles/{roleId}", "", "Create role assignment", "roleId", "role", false},
		{"PUT", "/authorizations/clients/{client_id}", "", "Get-or-create an authorization for a specific app", "client_id", "client", false},
		{"PUT", "/users/{userId}", "Users_Update", "Update a user", "userId", "user", false},
		{"POST", "/sourceLocation/{SourceLocationName}/liveSource/{LiveSourceName}", "CreateLiveSource", "", "LiveSourceName", "live_source", true},
		{"POST", "/sourceLocation/{SourceLocationName}/liveSource/{LiveSourceName}", "CreateLiveSource", "", "SourceLocationName", "source_location", false},
		{"POST", "/users/{user_id}/rules/{rule_id}", "addRuleToUser", "Add a rule to a user", "rule_id", "rule", false},
		{"POST", "/things/{thingName}", "Createable", "", "thingName", "thing", false},
		{"PUT", "/caches/{cacheName}/storageTargets/{storageTargetName}", "StorageTargets_CreateOrUpdate", "", "cacheName", "cache", false},
		// The same thing in another inflection (the spec's own: replicated, Replication).
		{"PUT", "/replicationProtectionContainers/{protectionContainerName}/replicationProtectedItems/{replicatedProtectedItemName}", "ReplicationProtectedItems_Create", "", "replicatedProtectedItemName", "replicated_protected_item", true},
	}
	for _, tc := range cases {
		p := &tools.Param{Name: tc.param, Arg: tc.param, In: "path", Required: true, Schema: str}
		op := &tools.Operation{Method: tc.method, Path: tc.path, OperationID: tc.id, Summary: tc.summary, Params: []*tools.Param{p}}
		if got := putCreates(op, p, tc.resource); got != tc.want {
			t.Errorf("%s %s %s: putCreates = %v, want %v", tc.method, tc.path, tc.param, got, tc.want)
		}
	}
}
