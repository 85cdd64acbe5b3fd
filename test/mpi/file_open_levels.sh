# MPI_File_open, with and without hints, then nonblocking write and read, at
# each of the four thread levels (file_open_levels/open_rw.c). At
# MPI_THREAD_MULTIPLE on 2 or more processes this aborted in ROMIO's hint
# agreement (an MPICH-internal collective run outside MPICH's global
# critical section), which is how mpi4py's test_io failed: mpi4py asks for
# MPI_THREAD_MULTIPLE by default.
# mpich-info-test: np=1,2,4 section=fixes
set -eu
prefix=${MPICH_INFO_PREFIX:?}
np=${MPICH_INFO_TEST_NP:-2}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../limited_run.sh"
work="${MPICH_INFO_TEST_OUT:?}/file_open_levels"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -I "$here" -o open_rw "$here/file_open_levels/open_rw.c"

failed=0
for level in single funneled serialized multiple; do
    limited_run "$level at $np processes" 40 "$level.out" \
        "$prefix/bin/mpiexec" -n "$np" ./open_rw "$level" || continue
    rc=$run_status
    if [ "$rc" -eq 0 ] && grep -q "^No Errors" "$level.out"; then
        echo "ok: $level at $np processes"
    else
        echo "FAILED: $level at $np processes: expected exit status 0 and 'No Errors'," \
            "got $run_outcome and:"
        sed 's/^/    /' "$level.out" | head -n 30
        failed=1
    fi
done
exit "$failed"
