# mpi4py's own test_io module, the client that found MPI_File_open aborting
# under MPI_THREAD_MULTIPLE (mpi4py initializes MPI at that level by
# default). MPICH_INFO_MPI4PY names an mpi4py source tree built against the
# installed MPICH (test/mpi4py/build, with Debian's /usr/bin/python3); without
# one the test is skipped and says so.
# mpich-info-test: np=2 section=fixes
set -eu
prefix=${MPICH_INFO_PREFIX:?}
np=${MPICH_INFO_TEST_NP:-2}
tree=${MPICH_INFO_MPI4PY:-}
if [ -z "$tree" ]; then
    echo "no mpi4py build given (MPICH_INFO_MPI4PY names a built mpi4py source tree)"
    exit 77
fi
lib=
for dir in "$tree"/build/lib.*/; do
    [ -d "$dir" ] && lib=$dir && break
done
if [ -z "$lib" ] || [ ! -f "$tree/test/main.py" ]; then
    echo "expected a built mpi4py source tree in $tree (build/lib.*/ and test/main.py), found none"
    exit 1
fi
export PYTHONPATH="$lib${PYTHONPATH:+:$PYTHONPATH}"
# The build must use this MPICH, not another one on the system.
used=$("$prefix/bin/mpiexec" -n 1 /usr/bin/python3 -c \
    'import mpi4py.MPI; print(open("/proc/self/maps").read())' | grep -o '/[^ ]*libmpi[^ ]*\.so[^ ]*' | sort -u)
# (make check-deb's prefix/lib is a link to the multiarch directory)
case "$used" in
    "$prefix"/lib/* | "$(readlink -f "$prefix/lib")"/*) ;;
    *) echo "expected mpi4py to load libmpich from $prefix/lib, got: $used"; exit 1 ;;
esac
cd "$tree"
timeout 150 "$prefix/bin/mpiexec" -n "$np" /usr/bin/python3 test/main.py test_io
