# Convenience targets; scripts/ holds the real commands.
.PHONY: build test mcpb release snapshots

build:
	go build -o askapi .

test:
	scripts/test

# dist/askapi.mcpb: the MCP Bundle for this platform (needs npm ci in e2e/node).
mcpb:
	scripts/pack

# dist/: binaries for darwin, linux and windows on amd64 and arm64, their bundles, SHA256SUMS.
release:
	scripts/release

# Re-record the reviewed tool-schema snapshots after an intended change (GitHub's names: bench/node).
snapshots:
	UPDATE_SNAPSHOTS=1 go test -tags corpus ./server -run Snapshot
