# info_lifetime and info_sessions (C, every phase) and info_mpif (Fortran strings) under
# valgrind: no invalid access, and no leak of info memory. Leaks are counted
# only where an info routine allocated (MPICH itself keeps some memory until
# exit, which is not ours to judge).
# mpich-info-test: np=1 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
"$prefix/bin/mpicc" -g -o "$out_dir/info_lifetime_vg" "$here/info_lifetime.c"
"$prefix/bin/mpicc" -g -o "$out_dir/info_sessions_vg" "$here/info_sessions.c"
"$prefix/bin/mpif77" -g -o "$out_dir/info_mpif_vg" "$here/info_mpif.f"
status=0
for prog in info_lifetime_vg info_sessions_vg info_mpif_vg; do
    log="$out_dir/$prog.valgrind"
    if ! "$prefix/bin/mpiexec" -n 1 valgrind --log-file="$log" --error-exitcode=3 \
            --leak-check=full --show-leak-kinds=definite,indirect --errors-for-leak-kinds=none \
            "$out_dir/$prog"; then
        echo "$prog: expected a clean run under valgrind; its report:"
        grep -A12 'Invalid\|uninitialised' "$log" | head -n 40
        status=1
    fi
    lost=$(awk '/are (definitely|indirectly) lost/ { on = 1 } on && /^==[0-9]+== $/ { on = 0; print "--" } on' "$log")
    if printf '%s\n' "$lost" | grep -q 'MPI_Info_\|MPIR_Info_\|mpi_info_'; then
        echo "$prog: expected no info memory lost, valgrind found some:"
        printf '%s\n' "$lost"
        status=1
    fi
done
[ "$status" -eq 0 ] && echo " No Errors"
exit "$status"
