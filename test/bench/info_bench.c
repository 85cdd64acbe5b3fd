/* Cost of MPI_Info operations at several sizes, in ns per operation.
 * Compiled once against stock MPICH and once against mpich-info by
 * test/bench/run, which prints both side by side.
 *
 * For each size N: set N keys (per set), get keys in a shuffled order,
 * get_nthkey over positions spread across 0..N-1 (what a full walk costs per
 * step), dup (per key copied) and delete in a shuffled order. At large N the
 * gets, nthkeys and deletes are a sample of 4,096, so that the stock
 * list-walking implementation finishes in reasonable time; each sample
 * spreads over the whole info, so the per-operation cost is representative.
 * Small sizes repeat the whole cycle to get a stable time.
 *
 * get-hot16 gets the same 16 keys over and over. Its cost at large N against
 * small N is what the lookup itself costs as the info grows; the shuffled
 * gets at large N also pay for cache misses, since an info of thousands of
 * keys no longer fits in the processor's caches.
 * Output: lines "N operation ns". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_SAMPLE 4096

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

int main(int argc, char **argv)
{
    static const int sizes[] = { 16, 256, 4096, 65536 };
    char key[MPI_MAX_INFO_KEY + 1], value[64];
    unsigned seed = 12345;

    MPI_Init(&argc, &argv);
    for (int s = 0; s < 4; s++) {
        int n = sizes[s], sample = n < MAX_SAMPLE ? n : MAX_SAMPLE;
        int reps = n >= 4096 ? 1 : 65536 / n, flag;
        double t_set = 0, t_get = 0, t_hot = 0, t_nth = 0, t_dup = 0, t_del = 0, t0;
        char (*keys)[24] = malloc(sizeof(*keys) * (size_t) n);
        int *order = malloc(sizeof(int) * (size_t) n);

        for (int i = 0; i < n; i++) {
            snprintf(keys[i], sizeof(keys[i]), "hint_key_%d", i);
            order[i] = i;
        }
        for (int r = 0; r < reps; r++) {
            MPI_Info info, dup;
            MPI_Info_create(&info);
            t0 = now_ns();
            for (int i = 0; i < n; i++)
                MPI_Info_set(info, keys[i], "a value of some length");
            t_set += now_ns() - t0;

            shuffle(order, n, &seed);
            t0 = now_ns();
            for (int i = 0; i < sample; i++)
                MPI_Info_get(info, keys[order[i]], 63, value, &flag);
            t_get += now_ns() - t0;

            t0 = now_ns();
            for (int i = 0; i < sample; i++)
                MPI_Info_get(info, keys[order[i % 16]], 63, value, &flag);
            t_hot += now_ns() - t0;

            t0 = now_ns();
            for (int i = 0; i < sample; i++)
                MPI_Info_get_nthkey(info, (int) ((long) i * n / sample), key);
            t_nth += now_ns() - t0;

            t0 = now_ns();
            MPI_Info_dup(info, &dup);
            t_dup += now_ns() - t0;
            MPI_Info_free(&dup);

            t0 = now_ns();
            for (int i = 0; i < sample; i++)
                MPI_Info_delete(info, keys[order[i]]);
            t_del += now_ns() - t0;
            MPI_Info_free(&info);
        }
        printf("%d set %.1f\n", n, t_set / reps / n);
        printf("%d get %.1f\n", n, t_get / reps / sample);
        printf("%d get-hot16 %.1f\n", n, t_hot / reps / sample);
        printf("%d nthkey %.1f\n", n, t_nth / reps / sample);
        printf("%d dup %.1f\n", n, t_dup / reps / n);
        printf("%d delete %.1f\n", n, t_del / reps / sample);
        fflush(stdout);
        free(keys);
        free(order);
    }
    MPI_Finalize();
    return 0;
}
