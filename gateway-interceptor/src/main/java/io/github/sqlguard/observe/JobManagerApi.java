package io.github.sqlguard.observe;

import java.util.Map;
import java.util.Optional;

/**
 * What the watcher asks a JobManager, through its REST API. An answer that does not come, or an
 * error, is an exception: {@link Unanswered} (the JobManager did not answer, or failed), {@link
 * NotFound} (it answered 404: it does not know the job, or the job keeps no checkpoint
 * statistics).
 */
interface JobManagerApi extends AutoCloseable {

    /**
     * A JobManager's REST address: the session's {@code rest.address} and {@code rest.port}.
     *
     * @param host the address
     * @param port the port
     */
    record Address(String host, int port) {
        @Override
        public String toString() {
            return host + ":" + port;
        }
    }

    /**
     * A job's status and vertices ({@code GET /jobs/:jobid}).
     *
     * @param status Flink's {@code JobStatus} name
     * @param terminal true for a globally terminal status (FINISHED, CANCELED, FAILED)
     * @param vertices vertex id to vertex name, in the job's order
     */
    record JobState(String status, boolean terminal, Map<String, String> vertices) {}

    /**
     * A job's checkpoint counts and its latest completed checkpoint ({@code GET /jobs/:jobid/checkpoints}).
     *
     * @param triggered checkpoints triggered so far (completed, failed, in progress)
     * @param latestCompletedId the latest completed checkpoint's id
     * @param latestCompletedAtMs its {@code latest_ack_timestamp}
     */
    record Checkpoints(long triggered, Optional<Long> latestCompletedId, long latestCompletedAtMs) {}

    JobState job(Address at, String jobId) throws Unanswered, NotFound;

    /**
     * A job's status only ({@code GET /jobs/:jobid/status}, Flink's {@code JobStatusInfoHeaders}), with
     * no vertices: a few bytes, where {@link #job}'s answer carries every vertex and the job's plan.
     */
    JobState status(Address at, String jobId) throws Unanswered, NotFound;

    Checkpoints checkpoints(Address at, String jobId) throws Unanswered, NotFound;

    /** Each vertex's full {@code state_size} in checkpoint {@code checkpointId} ({@code GET /jobs/:jobid/checkpoints/details/:id}). */
    Map<String, Long> stateSizes(Address at, String jobId, long checkpointId) throws Unanswered, NotFound;

    /** The JobManager did not answer in time, or could not be reached, or failed the request. */
    final class Unanswered extends Exception {
        private static final long serialVersionUID = 1L;

        Unanswered(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The JobManager answered 404 Not Found. */
    final class NotFound extends Exception {
        private static final long serialVersionUID = 1L;

        NotFound(String message, Throwable cause) {
            super(message, cause);
        }
    }

    @Override
    void close();
}
