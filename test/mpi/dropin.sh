# A program built against Debian's libmpich12 (stock mpicc.mpich) runs with
# the mpich-info library through LD_LIBRARY_PATH and the mpich-info mpiexec.
# mpich-info-test: np=2 section=fixes
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
if [ -n "${MPICH_INFO_UNDER_TEST_IS_DEB:-}" ]; then
    echo "SKIP: the MPICH under test is installed as Debian's packages (make check-deb): test/deb shows the drop-in"
    exit 77
fi
if [ -z "${STOCK_MPICC:-}" ]; then
    echo "SKIP: Debian's mpicc.mpich (libmpich-dev) is not installed"
    exit 77
fi
here=$(cd "$(dirname "$0")" && pwd)
"$STOCK_MPICC" -o "$out_dir/dropin" "$here/../deb/library_version.c"
lib=$(LD_LIBRARY_PATH="$prefix/lib" ldd "$out_dir/dropin" | awk '/libmpich\.so\.12/ {print $3}')
case "$lib" in
    "$prefix"/lib/*) ;;
    *) echo "expected libmpich.so.12 to resolve under $prefix/lib, got '$lib'"; exit 1 ;;
esac
got=$(LD_LIBRARY_PATH="$prefix/lib" "$prefix/bin/mpiexec" -n "$MPICH_INFO_TEST_NP" "$out_dir/dropin")
case "$got" in
    *mpich-info*) echo " No Errors" ;;
    *) echo "expected the library version to name mpich-info, got: $got"; exit 1 ;;
esac
