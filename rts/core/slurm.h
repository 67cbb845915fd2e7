/* slurm.h — a job whose processes srun started itself, each a task of a
 * Slurm job step that talks to srun's PMI (srun --mpi=pmi2, no mpiexec in
 * between; docs/slurm.md).
 *
 * MPI_Abort does not keep a job's status there: Slurm's PMI answers an
 * abort by killing the step with SIGKILL, and srun then reports every task
 * killed (status 137).  So the thread that ends the job (start.c's claim)
 * asks Slurm to send the step's tasks UPCRT_SLURM_END_SIGNAL (scancel
 * --signal), on which every other process sends PMI's finalize (a task
 * that leaves without it makes Slurm cancel the step, SIGKILL again) and
 * leaves with status 0; it finalizes and leaves with the job's status
 * itself (its other threads wait in the handler, scancel's child blocks
 * the signal): srun returns the highest status of its tasks.  Where
 * scancel cannot be run the end is MPI_Abort's, as under mpiexec.
 *
 * What this module keeps: whether this process is such a task
 * (upcrt_slurm_step) and the scancel command, made at start-up so that
 * ending the job from a signal handler allocates nothing.
 */
#ifndef UPCRT_SLURM_H
#define UPCRT_SLURM_H

/* The signal the step's tasks get when another ends the job: the
 * second-highest real-time signal, which MPICH, UCX and the runtime leave
 * alone. */
#define UPCRT_SLURM_END_SIGNAL (SIGRTMAX - 1)

/* 1 when srun started this process with its own PMI (SLURM_STEP_ID and
 * PMI_FD set, no Hydra proxy between them). */
extern int upcrt_slurm_step;

/* Before MPI_Init: finds out whether this is such a task, and then makes
 * the scancel command and catches UPCRT_SLURM_END_SIGNAL. */
void upcrt_slurm_init(void);

/* After MPI_Init, with THREADS known: a task of a step of several tasks
 * that MPI sees as a job of one (srun --mpi=none or --mpi=pmix, or a
 * cluster whose MpiDefault gives MPICH no PMI) would run the program once
 * per task, each as thread 0 of 1.  Task 0 says how to start it; every
 * task ends with status 1. */
void upcrt_slurm_check_size(int threads);

/* Ends the job with status as described above; returns only when scancel
 * could not be run, and the caller then ends it with MPI_Abort.  May be
 * called from a signal handler. */
void upcrt_slurm_end(int status);

#endif
