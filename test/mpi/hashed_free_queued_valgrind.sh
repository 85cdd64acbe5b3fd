# hashed_free_queued under valgrind: the receiving process frees
# communicators with hashed matching while messages sent on them are still
# queued, in the hash table and on the list (patch 0052 gives those in the
# table back to the list), makes new ones that get the same context id,
# and reaches MPI_Finalize with them still queued. Its run must be free of
# invalid accesses and of memory definitely or indirectly lost.
# (A message never received is not freed before MPI_Finalize, which
# destroys the pools that hold it, whether it was given back to the list
# or not: this shows nothing is lost or touched wrongly, not where the
# messages went. See hashed_free_queued.c.)
# mpich-info-test: np=2 section=performance
set -eu
prefix=${MPICH_INFO_PREFIX:?}
out_dir=${MPICH_INFO_TEST_OUT:?}
# Hashed matching is ch4's (doc/assertions.txt, "Assertions that pay").
# ch3:nemesis never frees a message left unreceived in its unexpected queue
# (MPICH 4.0.2's own way, untouched by the series): there valgrind finds it
# lost.
device=$("$prefix/bin/mpichversion" | sed -n 's/^MPICH Device:[[:space:]]*//p')
case $device in
    ch4:*) ;;
    *) echo "hashed matching is ch4's (this build: $device)"; exit 77 ;;
esac
if ! command -v valgrind > /dev/null; then
    echo "SKIP: valgrind is not installed"
    exit 77
fi
# hwloc's plugins (Debian's libhwloc-plugins: pci through libpciaccess,
# opencl, gl) lose memory of their own in hwloc_topology_load; they are
# not MPI's, and MPICH needs none of them here.
export HWLOC_COMPONENTS=-pci,-opencl,-gl
here=$(cd "$(dirname "$0")" && pwd)
exe="$out_dir/hashed_free_queued_vg"
"$prefix/bin/mpicc" -g -o "$exe" "$here/hashed_free_queued.c"
log="$out_dir/hashed_free_queued.valgrind"
out="$out_dir/hashed_free_queued_vg.out"
rm -f "$log"
# The receiver (rank 0) under valgrind, the sender (rank 1) without.
status=0
# (a few seconds; the limit stays below the harness's 180 s, so that a hang
# is reported here)
if ! timeout 120 "$prefix/bin/mpiexec" -n 1 valgrind --log-file="$log" --error-exitcode=3 \
        --leak-check=full --show-leak-kinds=definite,indirect \
        --errors-for-leak-kinds=definite,indirect "$exe" : -n 1 "$exe" > "$out" 2>&1; then
    echo "FAILED: expected a clean run under valgrind with messages queued at MPI_Comm_free" \
        "(124: killed at the 120 s limit); its output:"
    tail -n 20 "$out"
    echo "valgrind's report:"
    grep -B2 -A12 'Invalid\|uninitialised\|lost in\|Process terminating' "$log" | head -n 60
    status=1
fi
if ! grep -q ' No Errors' "$out"; then
    echo "FAILED: expected hashed_free_queued to pass under valgrind, got:"
    tail -n 20 "$out"
    status=1
fi
[ "$status" -eq 0 ] && echo " No Errors"
exit "$status"
