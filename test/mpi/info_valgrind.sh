# info_lifetime under valgrind: no invalid access and no leak of info memory
# in any phase. Leaks are counted only where an info routine allocated
# (MPICH itself keeps some memory until exit, which is not ours to judge).
# mpich-info-test: np=1
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
"$prefix/bin/mpicc" -g -o "$out_dir/info_lifetime_vg" "$here/info_lifetime.c"
log="$out_dir/info_lifetime_vg.valgrind"
"$prefix/bin/mpiexec" -n 1 valgrind --log-file="$log" --error-exitcode=3 --leak-check=full \
    --show-leak-kinds=definite,indirect --errors-for-leak-kinds=none \
    "$out_dir/info_lifetime_vg"
# Invalid accesses are errors (exit 3 above). Leaks: any definite or indirect
# loss whose stack passes through an MPI_Info routine.
if awk '/are (definitely|indirectly) lost/ { on = 1 } on && /^==[0-9]+== $/ { on = 0 } on' "$log" |
        grep -q 'MPI_Info_\|MPIR_Info_'; then
    echo "expected no info memory lost, valgrind found some:"
    awk '/are (definitely|indirectly) lost/ { on = 1 } on && /^==[0-9]+== $/ { on = 0; print "" } on' "$log"
    exit 1
fi
echo " No Errors"
