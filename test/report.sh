# Result lines shared by every test runner; test/run-all counts them.
# Sourced, not executed.

pass() { echo "PASS: $1"; }

# fail NAME [DETAIL-FILE]: the detail (what was expected, what came) is
# printed indented under the result line.
fail() {
    echo "FAIL: $1"
    if [ -n "${2:-}" ] && [ -s "$2" ]; then
        tail -n 40 "$2" | sed 's/^/    | /'
    fi
}

skip() { echo "SKIP: $1 ($2)"; }
