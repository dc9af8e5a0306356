package io.github.sqlguard.testing;

import com.fasterxml.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Savepoints and restores of real jobs on a {@link StandaloneCluster}, driven through a gateway's
 * REST sessions as a user drives them: an INSERT's job, {@code STOP JOB '<id>' WITH SAVEPOINT}, and the
 * next INSERT with {@code execution.savepoint.path} (the key Flink 1.20 and 2.3 both read; 2.3's own is
 * {@code execution.state-recovery.path}), whose outcome is read from the JobManager, never assumed.
 *
 * <p>The cluster should run with {@code restart-strategy.type: none}, so that a job that fails after
 * it started ends as FAILED instead of restarting, and the sessions with a checkpoint interval, so
 * that a restored job proves it runs with a completed checkpoint.
 */
public final class SavepointRestores {

    /** What a job started from a savepoint did, in the words of {@code shared/state-changes}. */
    public enum Outcome {
        /** Running, restored from the savepoint, with a checkpoint completed since. */
        RESTORED,
        /** Running, but the JobManager skipped state of the savepoint that no operator claimed. */
        RESTORED_WITH_STATE_SKIPPED,
        /** Flink refused to start it: state of the savepoint maps to no operator of the job. */
        NOT_MAPPABLE,
        /** It started and then failed (a state serializer it cannot read, a migration). */
        FAILED_AFTER_START,
        /** The gateway refused the statement; no job was submitted. */
        REFUSED
    }

    /** A job's outcome, with the reason Flink or the gateway gave where it did not restore. */
    public record Restore(Outcome outcome, String jobId, String reason) {}

    private final StandaloneCluster cluster;
    private final Duration timeout;

    public SavepointRestores(StandaloneCluster cluster, Duration timeout) {
        this.cluster = cluster;
        this.timeout = timeout;
    }

    /** Runs {@code statements} (DDL and SET, then an INSERT last) and returns the job id of the last. */
    public String startJob(RestSession session, List<String> statements) throws Exception {
        String last = null;
        for (String statement : statements) {
            RestSession.StatementResult result = session.execute(statement, 1, timeout);
            if (result.failed()) {
                throw new IllegalStateException("`" + statement + "` failed: " + result.error());
            }
            last = result.rows().isEmpty() ? null : result.rows().get(0).path("fields").path(0).asText();
        }
        return last;
    }

    /** Waits until the job runs and has completed a checkpoint; fails with the cluster's log tails otherwise. */
    public void awaitRunningWithCheckpoint(String jobId) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String state = cluster.get("/jobs/" + jobId).path("state").asText();
            if (state.equals("RUNNING") && completedCheckpoints(jobId) > 0) {
                return;
            }
            if (state.equals("FAILED") || state.equals("CANCELED") || state.equals("FINISHED")) {
                throw new IllegalStateException("job " + jobId + " is " + state + ": " + rootException(jobId));
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("job " + jobId + " did not run with a checkpoint within " + timeout
                + "\n" + cluster.logTails());
    }

    /** Stops the job with a savepoint through {@code session} and returns the savepoint's path. */
    public String stopWithSavepoint(RestSession session, String jobId) throws Exception {
        RestSession.StatementResult result = session.execute("STOP JOB '" + jobId + "' WITH SAVEPOINT", 1, timeout);
        if (result.failed() || result.rows().isEmpty()) {
            throw new IllegalStateException("STOP JOB " + jobId + " WITH SAVEPOINT failed: " + result.error());
        }
        return result.rows().get(0).path("fields").path(0).asText();
    }

    /**
     * Runs {@code statements} with {@code savepoint} to restore from (set in the session before
     * them) and reports what the job did; a job that restored is left running.
     */
    public Restore restore(RestSession session, String savepoint, List<String> statements) throws Exception {
        return restore(session, "execution.savepoint.path", savepoint, statements);
    }

    /**
     * As {@link #restore(RestSession, String, List)}, the savepoint set with {@code key} ({@code
     * execution.state-recovery.path}: 2.x's own key).
     */
    public Restore restore(RestSession session, String key, String savepoint, List<String> statements) throws Exception {
        int skippedBefore = skippedStateLines();
        RestSession.StatementResult set =
                session.execute("SET '" + key + "' = '" + savepoint + "'", 0, timeout);
        if (set.failed()) {
            throw new IllegalStateException("SET of the savepoint path failed: " + set.error());
        }
        String jobId = null;
        for (int i = 0; i < statements.size(); i++) {
            RestSession.StatementResult result = session.execute(statements.get(i), 1, timeout);
            boolean last = i == statements.size() - 1;
            if (result.failed()) {
                if (!last) {
                    throw new IllegalStateException("`" + statements.get(i) + "` failed: " + result.error());
                }
                return new Restore(
                        result.error().contains("Cannot map checkpoint/savepoint state") ? Outcome.NOT_MAPPABLE : Outcome.REFUSED,
                        null, deepestCause(result.error()));
            }
            if (last) {
                jobId = result.rows().get(0).path("fields").path(0).asText();
            }
        }
        RestSession.StatementResult reset = session.execute("RESET '" + key + "'", 0, timeout);
        if (reset.failed()) {
            throw new IllegalStateException("RESET of the savepoint path failed: " + reset.error());
        }
        return awaitOutcome(jobId, savepoint, skippedBefore);
    }

    private Restore awaitOutcome(String jobId, String savepoint, int skippedBefore) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String state = cluster.get("/jobs/" + jobId).path("state").asText();
            if (state.equals("FAILED")) {
                String root = rootException(jobId);
                return new Restore(
                        root.contains("Cannot map checkpoint/savepoint state") ? Outcome.NOT_MAPPABLE : Outcome.FAILED_AFTER_START,
                        jobId, deepestCause(root));
            }
            if (state.equals("RUNNING")) {
                JsonNode checkpoints = cluster.get("/jobs/" + jobId + "/checkpoints");
                String restoredFrom = checkpoints.path("latest").path("restored").path("external_path").asText("");
                if (checkpoints.path("counts").path("completed").asInt() > 0) {
                    if (!restoredFrom.isEmpty() && !savepoint.endsWith(trimScheme(restoredFrom))
                            && !restoredFrom.endsWith(trimScheme(savepoint))) {
                        throw new IllegalStateException("job " + jobId + " restored from " + restoredFrom + ", not " + savepoint);
                    }
                    if (restoredFrom.isEmpty()) {
                        throw new IllegalStateException("job " + jobId + " runs but did not restore from " + savepoint);
                    }
                    boolean skipped = skippedStateLines() > skippedBefore;
                    return new Restore(skipped ? Outcome.RESTORED_WITH_STATE_SKIPPED : Outcome.RESTORED, jobId,
                            skipped ? "the JobManager skipped savepoint state" : "");
                }
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("job " + jobId + " neither restored nor failed within " + timeout + "\n" + cluster.logTails());
    }

    /** Cancels a job and waits until it has ended. */
    public void cancel(String jobId) throws Exception {
        cluster.patch("/jobs/" + jobId + "?mode=cancel");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            String state = cluster.get("/jobs/" + jobId).path("state").asText();
            if (state.equals("CANCELED") || state.equals("FAILED") || state.equals("FINISHED")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("job " + jobId + " was not cancelled within " + timeout);
    }

    private int completedCheckpoints(String jobId) throws Exception {
        return cluster.get("/jobs/" + jobId + "/checkpoints").path("counts").path("completed").asInt();
    }

    private String rootException(String jobId) throws Exception {
        JsonNode exceptions = cluster.get("/jobs/" + jobId + "/exceptions");
        String root = exceptions.path("root-exception").asText("");
        if (root.isEmpty()) {
            JsonNode history = exceptions.path("exceptionHistory").path("entries");
            root = history.isEmpty() ? "" : history.get(0).path("stacktrace").asText("");
        }
        return root;
    }

    private int skippedStateLines() throws Exception {
        return cluster.jobManagerLog().split("Skipping savepoint state for operator", -1).length - 1;
    }

    /** The message of the innermost {@code Caused by:} of a stack trace's text (the whole text when it has none). */
    static String deepestCause(String trace) {
        String text = trace.replace("\\n", "\n").replace("\\t", "\t");
        int at = text.lastIndexOf("Caused by: ");
        String cause = at < 0 ? text : text.substring(at + "Caused by: ".length());
        int end = cause.indexOf('\n');
        return end < 0 ? cause : cause.substring(0, end);
    }

    private static String trimScheme(String path) {
        return path.startsWith("file:") ? path.substring("file:".length()) : path;
    }

    /** The gateway options for sessions whose jobs checkpoint often enough for a test. */
    public static Map<String, String> checkpointingSession() {
        return Map.of("execution.checkpointing.interval", "500 ms");
    }
}
