# make bench, matching against deep queues (sourced by test/bench/run,
# whose build, run, mpiexec_of and out it uses): test/bench/match_bench.c
# on unpatched MPICH and mpich-info, taking turns, 6 rounds. Stock MPICH
# (ch4:ucx) matches in another library and is left out. Six rounds: a run
# on a virtual machine may find its 2 cores close together (a message
# between them takes about a third of the time) or apart, and the best of
# each library's rounds should come from the same kind of run.
#
# Targets (mpich-info on a communicator that asserts mpi_assert_no_any_source
# and mpi_assert_no_any_tag, against mpich-info on one without hints):
#   depth 4096, posted and unexpected: at least 20x faster per message, and
#   on the asserted communicator, at most 2x the time of depth 16. Posted
#   times a whole batch (matching happens as the messages arrive); unexp
#   times only the receives of messages already queued (match_bench.c says
#   why).
# These bounds are far wider than the swings of time between runs but
# one: posted at depth 4096 depends on the transport between the cores
# (18.8x to 24.4x in the runs of 2026-12-04; doc/performance.txt). At
# depth 1 the narrow targets (with the assertions within 2% of without,
# without hints no slower than unpatched) are judged on the instructions
# of MPI_Isend and MPI_Irecv in run; at depths 16 to 4096 the times
# without hints against unpatched are shown, not judged.
# On ch4:ucx, UCX matches every message (MPICH 4.0.2 has no shared-memory
# module there), so the assertions change nothing to measure: the
# benchmark does not run, and says so.

if [ "${MPICH_INFO_DEVICE:-}" = ch4:ucx ]; then
    echo
    echo "matching: not applicable on ch4:ucx (UCX matches every message; doc/assertions.txt, \"Assertions that pay\")"
    return 0
fi

libraries="unpatched ours"
build match_bench
echo
echo "running the matching benchmark (2 processes, queues of 1 to 4096 receives or messages)..."
run match_bench 2 6
for lib in $libraries; do
    awk '{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2 }
         END { for (name in best) print name, best[name] }' \
        "$out/match_bench_$lib.txt" | sort > "$out/match_bench_$lib.sorted"
done
# "mode/depth/comm unpatched ours"
join "$out/match_bench_unpatched.sorted" "$out/match_bench_ours.sorted" \
    > "$out/match_joined.txt"
echo "matching: nanoseconds per 8-byte message, receives posted first (posted: the"
echo "whole exchange timed) or messages arrived first (unexp: only the receives"
echo "timed); asserted: mpi_assert_no_any_source and _tag"
awk '{ split($1, k, "/"); key = k[1] "/" k[2]; keys[key] = 1
       un[key, k[3]] = $2; ours[key, k[3]] = $3 }
     END {
         printf "%-12s %10s %10s %10s %10s %10s\n", "mode/depth", "unpatched", "mpich-info", "mpich-info",
                "asserted", "no hints vs"
         printf "%-12s %10s %10s %10s %10s %10s\n", "", "no hints", "no hints", "asserted",
                "speed-up", "unpatched"
         for (key in keys)
             printf "%-12s %10.1f %10.1f %10.1f %9.2fx %9.2fx\n", key, un[key, "no-hints"],
                    ours[key, "no-hints"], ours[key, "asserted"],
                    ours[key, "no-hints"] / ours[key, "asserted"],
                    un[key, "no-hints"] / ours[key, "no-hints"]
     }' "$out/match_joined.txt" | { IFS= read -r a; IFS= read -r b; echo "$a"; echo "$b"; sort -t/ -k1,1 -k2,2n; }
echo
awk '{ split($1, k, "/"); key = k[1] "/" k[2]; ours[key, k[3]] = $3; keys[key] = 1 }
     function verdict(ok, text) { printf "%s: %s\n", ok ? "met" : "NOT MET", text }
     END {
         for (key in keys) {
             split(key, k, "/")
             speedup = ours[key, "no-hints"] / ours[key, "asserted"]
             if (k[2] == 4096) {
                 verdict(speedup >= 20, sprintf("matching %s at depth 4096 asserted %.1fx faster than without hints (at least 20x)", k[1], speedup))
                 # constant time, within the run and so whatever the
                 # machine: a message at depth 4096 costs what one at
                 # depth 16 does (posted: whose batches of 16 carry the
                 # handshake of each batch, as depth 1 cannot; unexp,
                 # receives only: 1.46x to 1.56x in the runs of
                 # 2026-12-04)
                 shallow = ours[k[1] "/16", "asserted"]
                 if (!(shallow > 0 && ours[k[1] "/16", "no-hints"] > 0))
                     printf "NOT MEASURED: matching %s at depth 16\n", k[1]
                 else
                     verdict(ours[key, "asserted"] <= 2 * shallow,
                             sprintf("matching %s asserted at depth 4096 costs %.2fx depth 16, constant time (at most 2x; without hints %.1fx)",
                                     k[1], ours[key, "asserted"] / shallow,
                                     ours[key, "no-hints"] / ours[k[1] "/16", "no-hints"]))
             }
         }
     }' "$out/match_joined.txt" | sort -k2
