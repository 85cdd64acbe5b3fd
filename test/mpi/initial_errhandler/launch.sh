# Sourced by initial_errhandler.sh and initial_errhandler_spawn.sh, with
# $here and $prefix set and the name of the test's own directory as $1:
# builds initial_errhandler/check.c there and defines run().
work="${MPICH_INFO_TEST_OUT:?}/$1"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -o check "$here/initial_errhandler/check.c"
mpiexec=$prefix/bin/mpiexec
status=0

# run WHAT mpiexec-arguments...: the launch must succeed.
run() {
    what=$1
    shift
    set +e
    timeout 120 "$mpiexec" "$@" < /dev/null > run.out 2>&1
    rc=$?
    set -e
    if [ "$rc" -eq 0 ]; then
        echo "ok: $what"
    else
        echo "FAILED: $what (mpiexec $*): expected status 0, got $rc"
        sed 's/^/  | /' run.out | head -n 20
        status=1
    fi
}
