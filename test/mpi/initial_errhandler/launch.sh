# Sourced by initial_errhandler.sh and initial_errhandler_spawn.sh, with
# $here and $prefix set and the name of the test's own directory as $1:
# builds initial_errhandler/check.c there and defines run().
. "$here/../limited_run.sh"
work="${MPICH_INFO_TEST_OUT:?}/$1"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -o check "$here/initial_errhandler/check.c"
mpiexec=$prefix/bin/mpiexec
status=0

# run WHAT mpiexec-arguments...: the launch must succeed (a few seconds;
# killed at 60 s, test/limited_run.sh).
run() {
    what=$1
    shift
    limited_run "$what" 60 run.out "$mpiexec" "$@" || return 0
    rc=$run_status
    if [ "$rc" -eq 0 ]; then
        echo "ok: $what"
    else
        echo "FAILED: $what (mpiexec $*): expected status 0, got $run_outcome"
        sed 's/^/  | /' run.out | head -n 20
        status=1
    fi
}
