# info_env_start_threads under helgrind: the refill of MPI_INFO_ENV at each
# start of MPI must not race with the threads reading it. Only reports whose
# stack passes through the code that refills MPI_INFO_ENV count (helgrind
# reports it on every run when the store is freed and re-made without the
# lock, whatever the timing).
# mpich-info-test: np=1
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
exe="$out_dir/info_env_start_hg"
log="$out_dir/info_env_start_hg.helgrind"
"$prefix/bin/mpicc" -g -o "$exe" "$here/info_env_start_threads.c"
status=0
if ! timeout 600 "$prefix/bin/mpiexec" -n 1 valgrind --tool=helgrind --log-file="$log" "$exe"; then
    echo "info_env_start_threads under helgrind: expected it to pass, it failed"
    status=1
fi
pattern='MPIR_Info_store_destroy|MPIR_Info_init_object|MPIR_Info_reset_env|MPIR_Info_setup_env'
reports=$(awk -v p="$pattern" '
    /^==[0-9]+== -+$/ { if (block ~ p) print block "\n"; block = ""; next }
    { block = block "\n" $0 }
    END { if (block ~ p) print block }' "$log")
if [ -n "$reports" ]; then
    echo "info_env_start_threads under helgrind: expected no race on MPI_INFO_ENV's refill, got:"
    printf '%s\n' "$reports" | head -n 60
    status=1
fi
grep -q 'ERROR SUMMARY' "$log" || { echo "no valgrind summary in $log"; status=1; }
[ "$status" -eq 0 ] && echo " No Errors"
exit "$status"
