# Sourced by the runners that start independent checks in the background.
# one_per_core COMMAND...: start COMMAND in the background as soon as fewer
# background jobs of this shell run than the machine has cores (the count
# is read from the shell's own job table, so nothing is kept); the caller
# ends with a plain "wait" and then reads the results in its own order.
one_per_core() {
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do
        wait -n || true
    done
    "$@" &
}
