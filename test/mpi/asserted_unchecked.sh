# Checked assertions are MPICH's argument checks (doc/assertions.txt, "Checked
# assertions"): with MPIR_CVAR_ERROR_CHECKING=0 they are off like the others,
# and a program that breaks an assertion of its communicator
# (asserted_abort/breaks.c, MPI_ANY_SOURCE where mpi_assert_no_any_source is
# asserted) goes on. Only a build configured with
# --enable-error-checking=runtime (mpich-info's own, doc/build.txt) can turn
# them off at run time; elsewhere (Debian's configuration, make check-deb) the
# test is skipped, saying so.
# mpich-info-test: np=2 section=info
set -eu
prefix=${MPICH_INFO_PREFIX:?}
here=$(cd "$(dirname "$0")" && pwd)
if ! "$prefix/bin/mpichversion" | grep -q -- "--enable-error-checking=runtime"; then
    echo "this build's argument checks cannot be turned off at run time (not configured with --enable-error-checking=runtime)"
    exit 77
fi
work="${MPICH_INFO_TEST_OUT:?}/asserted_unchecked"
rm -rf "$work"
mkdir -p "$work"
cd "$work"
"$prefix/bin/mpicc" -o breaks "$here/asserted_abort/breaks.c"
set +e
MPIR_CVAR_ERROR_CHECKING=0 timeout 60 "$prefix/bin/mpiexec" -n 2 ./breaks any_source \
    < /dev/null > unchecked.out 2>&1
rc=$?
set -e
if [ "$rc" -ne 0 ] || ! grep -q "kept going" unchecked.out; then
    echo "FAILED: with MPIR_CVAR_ERROR_CHECKING=0, expected MPI_ANY_SOURCE to be received" \
        "unchecked, got exit status $rc and:"
    sed 's/^/  | /' unchecked.out | head -n 20
    exit 1
fi
echo "ok: MPIR_CVAR_ERROR_CHECKING=0 turns the checks off"
echo " No Errors"
