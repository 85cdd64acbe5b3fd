# Sourced by test/multihost/run and test/bench/run. why_no_bed prints why
# this machine cannot make the multi-host bed (./bed), or nothing when it
# can: namespaces need root and a kernel that allows them (not in every
# container), so the callers say which is missing instead of failing.
why_no_bed() {
    if [ "$(id -u)" -ne 0 ]; then echo "needs root for network namespaces"; return; fi
    for tool in ip unshare mount timeout; do
        command -v "$tool" > /dev/null || { echo "needs $tool"; return; }
    done
    unshare --net --uts --mount true 2> /dev/null ||
        echo "this machine does not allow network, UTS and mount namespaces"
}
