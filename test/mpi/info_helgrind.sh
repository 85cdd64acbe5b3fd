# info_threads (concurrent info calls on shared and private infos, before
# MPI_Init and under MPI_THREAD_MULTIPLE) under valgrind's race detector,
# helgrind: no data race and no lock-order problem in the info code. Races
# helgrind finds elsewhere (libfabric's progress thread in MPI_Finalize)
# are not ours to judge; every report whose stack passes through an info
# routine fails the test. The same program asking only for
# MPI_THREAD_SERIALIZED, where the info lock is skipped by design, gives
# dozens of such reports, so the check sees races when they are there.
# mpich-info-test: np=1
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
exe="$out_dir/info_threads_hg"
log="$out_dir/info_threads_hg.helgrind"
"$prefix/bin/mpicc" -g -o "$exe" "$here/info_threads.c"
status=0
if ! "$prefix/bin/mpiexec" -n 1 valgrind --tool=helgrind --log-file="$log" "$exe"; then
    echo "info_threads under helgrind: expected it to pass, it failed"
    status=1
fi
# helgrind's reports are separated by a line of dashes; keep those that
# pass through MPICH's info code (not the test's own file name).
reports=$(awk '
    /^==[0-9]+== -+$/ { if (block ~ /P?MPI_Info_|MPIR_Info|MPII_Info|info_store/) print block "\n"; block = ""; next }
    { block = block "\n" $0 }
    END { if (block ~ /P?MPI_Info_|MPIR_Info|MPII_Info|info_store/) print block }' "$log")
if [ -n "$reports" ]; then
    echo "info_threads under helgrind: expected no race in the info code, got:"
    printf '%s\n' "$reports" | head -n 60
    status=1
fi
if ! grep -q 'ERROR SUMMARY' "$log"; then
    echo "info_threads under helgrind: valgrind wrote no summary to $log"
    status=1
fi
[ "$status" -eq 0 ] && echo " No Errors"
exit "$status"
