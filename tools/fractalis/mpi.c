/* Many processes through MPI (Open MPI from Debian; the build finds it, as
 * it finds CUDA): `mpirun -np N fractalis render ...` runs the same command
 * in N ranks, each rendering its share (fr_context_set_share) on its own
 * devices, the shares combined with MPI_Allreduce (bitwise OR of disjoint
 * parts, exact integer sums, saturating 32-bit sums for flame buckets);
 * rank 0 alone shows progress and statistics and writes (the library's
 * other ranks name no file). A rank that fails ends the whole job with
 * MPI_Abort after printing why, so no rank waits forever and no file is
 * left half written (outputs are written only after every combination).
 * fractalis animate hands out whole frames instead (animate/animate_mpi.c):
 * there a failed job keeps the frames finished. */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"

#ifdef FR_HAVE_MPI
#include <mpi.h>

static int active, rank, size = 1, local_rank, local_size = 1, keeps_frames;
static MPI_Op sat_add_op;

static void sat_add(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    const uint32_t *a = in;
    uint32_t *b = inout;
    for (int i = 0; i < *len; i++) {
        const uint64_t v = (uint64_t)a[i] + b[i];
        b[i] = v > UINT32_MAX ? UINT32_MAX : (uint32_t)v;
    }
}

static int combine(void *buf, size_t count, fr_combine_op op, void *user)
{
    (void)user;
    MPI_Datatype t = op == FR_COMBINE_OR ? MPI_BYTE : op == FR_COMBINE_SUM_U64 ? MPI_UINT64_T : MPI_UINT32_T;
    MPI_Op o = op == FR_COMBINE_OR ? MPI_BOR : op == FR_COMBINE_SUM_U64 ? MPI_SUM : sat_add_op;
    size_t esz = op == FR_COMBINE_OR ? 1 : op == FR_COMBINE_SUM_U64 ? 8 : 4;
    /* bytes ORed eight at a time where they fill whole aligned words (a
     * flame image's rows: an eighth of the reduction's loop) */
    if (op == FR_COMBINE_OR && count % 8 == 0 && (uintptr_t)buf % 8 == 0) t = MPI_UINT64_T, esz = 8, count /= 8;
    const size_t most = (size_t)1 << 30; /* MPI counts are ints */
    for (size_t at = 0; at < count; at += most) {
        const size_t n = count - at < most ? count - at : most;
        if (MPI_Allreduce(MPI_IN_PLACE, (char *)buf + at * esz, (int)n, t, o, MPI_COMM_WORLD) != MPI_SUCCESS)
            return 1;
    }
    return 0;
}

void cli_mpi_init(int *argc, char ***argv)
{
    /* only under a launcher (mpirun): a plain run stays a plain process */
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMIX_RANK") && !getenv("PMI_RANK")) return;
    int provided = 0;
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) return;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm node;
    if (MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node) == MPI_SUCCESS) {
        MPI_Comm_rank(node, &local_rank);
        MPI_Comm_size(node, &local_size);
        MPI_Comm_free(&node);
    }
    MPI_Op_create(sat_add, 1, &sat_add_op);
    active = 1;
}

int cli_mpi_finish(int rc)
{
    if (!active) return rc;
    if (rc && size > 1) {
        fprintf(stderr, "fractalis: rank %d of %d %s (exit status %d): ending the job, %s\n", rank, size,
                rc > 128 ? "was stopped" : "failed", rc,
                keeps_frames ? "the frames finished are kept" : "nothing written");
        fflush(stderr);
        MPI_Abort(MPI_COMM_WORLD, rc);
    }
    MPI_Op_free(&sat_add_op);
    MPI_Finalize();
    return rc;
}

/* The CPUs this rank may run on, when mpirun bound it to fewer than its
 * share of the machine's (mpirun -np 2 binds each rank to one core): 0
 * when not. Its host work (the PNG's deflate, density estimation on the
 * CPU, a CPU device) runs on those alone. */
static int bound_cpus(long *online)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    *online = sysconf(_SC_NPROCESSORS_ONLN);
    if (sched_getaffinity(0, sizeof set, &set) != 0 || *online < 2) return 0;
    const int n = CPU_COUNT(&set);
    return (long)n * local_size < *online ? n : 0;
}

void cli_mpi_apply(fr_context *ctx, int *quiet)
{
    long online = 0;
    const int bound = active && rank == 0 && !*quiet ? bound_cpus(&online) : 0;
    if (bound)
        fprintf(stderr,
                "fractalis: note: mpirun bound rank 0 to %d of this machine's %ld CPUs (%d rank%s on it): its host "
                "work (writing the output, a CPU device) runs on those alone; `mpirun --bind-to none` lets it use "
                "every core\n",
                bound, online, local_size, local_size > 1 ? "s" : "");
    if (!active || size < 2) return;
    fr_context_set_share(ctx, rank, size, combine, NULL);
    if (rank) *quiet = 1;
}

int cli_mpi_built(void) { return 1; }
int cli_mpi_local_rank(void) { return local_rank; }
int cli_mpi_rank(void) { return active ? rank : 0; }
int cli_mpi_size(void) { return active ? size : 1; }
void cli_mpi_keeps_frames(void) { keeps_frames = 1; }

#else

void cli_mpi_init(int *argc, char ***argv) { (void)argc, (void)argv; }
int cli_mpi_finish(int rc) { return rc; }
void cli_mpi_apply(fr_context *ctx, int *quiet) { (void)ctx, (void)quiet; }
int cli_mpi_built(void) { return 0; }
int cli_mpi_local_rank(void) { return 0; }
int cli_mpi_rank(void) { return 0; }
int cli_mpi_size(void) { return 1; }
void cli_mpi_keeps_frames(void) {}

#endif
