/* Cost of MPI_Info operations at several sizes, in ns per operation.
 * Compiled against stock Debian MPICH, unpatched MPICH built like
 * mpich-info, and mpich-info by test/bench/run, which prints them side
 * by side.
 *
 * For each size N, one cycle is: set N keys (per set), get keys in a
 * shuffled order (get), get every key in insertion order (get-inorder),
 * get the same 16 keys over and over (get-hot16), get_nthkey over positions
 * spread across 0..N-1 (what a full walk costs per step) and delete in a
 * shuffled order, on one info; then dup (per key copied) of another info
 * filled the same way, so that the memory the copy allocates and frees
 * does not change where the first info's operations find their memory. At
 * large N the shuffled gets, the nthkeys and the deletes are a sample of
 * 4,096 spread over the whole info, so that the stock list-walking
 * implementation finishes in reasonable time. The keys to look up are
 * copied beforehand into an array in the order they are used, so that the
 * benchmark's own reads are sequential and what is timed is the library.
 *
 * The first cycle warms up (first-touch page faults, malloc arena growth)
 * and is not counted; cycles are then repeated until they took at least
 * half a second in all (at least one). Memory the C library has returned
 * to the system is faulted in again by later cycles: on a virtual machine
 * where a page fault costs microseconds, that is part of what set and dup
 * cost at large N (mem-fault below measures it).
 *
 * get-hot16 against get at large N separates the lookup's own cost from
 * cache misses: an info of thousands of keys no longer fits in the
 * processor's caches, so a shuffled lookup waits for memory. mem-random is
 * the reference for that wait: one load from a random place in a buffer of
 * N x 128 bytes (about an info of N keys), each load depending on the one
 * before, as a lookup's do. mem-fault is the cost of first touching a page
 * of fresh memory (a page fault). Neither involves MPI.
 * Output: lines "N operation ns".
 *
 * With the argument "count" (run under callgrind): COUNT_CYCLES cycles at
 * 16 keys between a zeroing of callgrind's counters and a dump, and no
 * output: the instructions each MPI_Info call runs at 16 keys, which do
 * not swing from run to run as its few tens of nanoseconds do. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <valgrind/callgrind.h>

#define MAX_SAMPLE 4096
#define KEY_SIZE 24
#define MIN_MEASURED_NS 5e8
#define COUNT_CYCLES 1000

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static void shuffle(int *a, int n, unsigned *seed)
{
    for (int i = n - 1; i > 0; i--) {
        int j = rand_r(seed) % (i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

enum { OP_SET, OP_GET, OP_GET_INORDER, OP_GET_HOT16, OP_NTHKEY, OP_DUP, OP_DELETE, N_OPS };
static const char *op_names[N_OPS] =
    { "set", "get", "get-inorder", "get-hot16", "nthkey", "dup", "delete" };

/* One cycle on an info of n keys; adds each operation's time to t[]. */
static void cycle(int n, int sample, char (*keys)[KEY_SIZE], int *order, char (*used)[KEY_SIZE],
                  unsigned *seed, double *t)
{
    char key[MPI_MAX_INFO_KEY + 1], value[64];
    int flag;
    double t0;
    MPI_Info info, dup;

    MPI_Info_create(&info);
    t0 = now_ns();
    for (int i = 0; i < n; i++)
        MPI_Info_set(info, keys[i], "a value of some length");
    t[OP_SET] += now_ns() - t0;

    shuffle(order, n, seed);
    for (int i = 0; i < sample; i++)
        memcpy(used[i], keys[order[i]], KEY_SIZE);
    t0 = now_ns();
    for (int i = 0; i < sample; i++)
        MPI_Info_get(info, used[i], 63, value, &flag);
    t[OP_GET] += now_ns() - t0;

    t0 = now_ns();
    for (int i = 0; i < n; i++)
        MPI_Info_get(info, keys[i], 63, value, &flag);
    t[OP_GET_INORDER] += now_ns() - t0;

    t0 = now_ns();
    for (int i = 0; i < sample; i++)
        MPI_Info_get(info, used[i % 16], 63, value, &flag);
    t[OP_GET_HOT16] += now_ns() - t0;

    t0 = now_ns();
    for (int i = 0; i < sample; i++)
        MPI_Info_get_nthkey(info, (int) ((long) i * n / sample), key);
    t[OP_NTHKEY] += now_ns() - t0;

    t0 = now_ns();
    for (int i = 0; i < sample; i++)
        MPI_Info_delete(info, used[i]);
    t[OP_DELETE] += now_ns() - t0;
    MPI_Info_free(&info);

    MPI_Info_create(&info);
    for (int i = 0; i < n; i++)
        MPI_Info_set(info, keys[i], "a value of some length");
    t0 = now_ns();
    MPI_Info_dup(info, &dup);
    t[OP_DUP] += now_ns() - t0;
    MPI_Info_free(&dup);
    MPI_Info_free(&info);
}

/* ns per load of a random pointer chase through n * 128 bytes. */
static double random_load_ns(int n, unsigned *seed)
{
    int slots = n * 128 / (int) sizeof(void *), loads = 1 << 20;
    void **buf = malloc(sizeof(void *) * (size_t) slots);
    int *perm = malloc(sizeof(int) * (size_t) slots);

    /* One cycle through all slots in a random order. */
    for (int i = 0; i < slots; i++)
        perm[i] = i;
    shuffle(perm, slots, seed);
    for (int i = 0; i < slots; i++)
        buf[perm[i]] = &buf[perm[(i + 1) % slots]];
    void **p = &buf[perm[0]];
    for (int i = 0; i < slots; i++)
        p = *p;
    double t0 = now_ns();
    for (int i = 0; i < loads; i++)
        p = *p;
    double ns = (now_ns() - t0) / loads;
    /* Keep the chase from being optimized away. */
    if (p == NULL)
        printf("unreachable\n");
    free(buf);
    free(perm);
    return ns;
}

/* ns to first touch one page of fresh anonymous memory. */
static double page_fault_ns(void)
{
    const size_t pages = 256, page = 4096;
    char *p = mmap(NULL, pages * page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return 0;
    double t0 = now_ns();
    for (size_t i = 0; i < pages; i++)
        p[i * page] = 1;
    double ns = (now_ns() - t0) / pages;
    munmap(p, pages * page);
    return ns;
}

int main(int argc, char **argv)
{
    static const int sizes[] = { 16, 256, 4096, 65536 };
    unsigned seed = 12345;
    int counting = argc > 1 && strcmp(argv[1], "count") == 0;

    MPI_Init(&argc, &argv);
    for (int s = 0; s < (counting ? 1 : 4); s++) {
        int n = sizes[s], sample = n < MAX_SAMPLE ? n : MAX_SAMPLE, reps = 0;
        double t[N_OPS] = { 0 }, warmup[N_OPS] = { 0 }, total = 0;
        char (*keys)[KEY_SIZE] = malloc(sizeof(*keys) * (size_t) n);
        char (*used)[KEY_SIZE] = malloc(sizeof(*used) * (size_t) sample);
        int *order = malloc(sizeof(int) * (size_t) n);

        for (int i = 0; i < n; i++) {
            snprintf(keys[i], KEY_SIZE, "hint_key_%d", i);
            order[i] = i;
        }
        cycle(n, sample, keys, order, used, &seed, warmup);
        if (counting) {
            CALLGRIND_DUMP_STATS_AT("-");     /* (every thread's counters: see creation_bench.c) */
            for (int c = 0; c < COUNT_CYCLES; c++)
                cycle(n, sample, keys, order, used, &seed, t);
            CALLGRIND_DUMP_STATS_AT("info-16-keys");
            free(keys);
            free(used);
            free(order);
            break;
        }
        while (reps == 0 || total < MIN_MEASURED_NS) {
            cycle(n, sample, keys, order, used, &seed, t);
            reps++;
            total = 0;
            for (int op = 0; op < N_OPS; op++)
                total += t[op];
        }
        for (int op = 0; op < N_OPS; op++) {
            int per_cycle = (op == OP_SET || op == OP_GET_INORDER || op == OP_DUP) ? n : sample;
            printf("%d %s %.1f\n", n, op_names[op], t[op] / reps / per_cycle);
        }
        printf("%d mem-random %.1f\n", n, random_load_ns(n, &seed));
        printf("%d mem-fault %.1f\n", n, page_fault_ns());
        fflush(stdout);
        free(keys);
        free(used);
        free(order);
    }
    MPI_Finalize();
    return 0;
}
