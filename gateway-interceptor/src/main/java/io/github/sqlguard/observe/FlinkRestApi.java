package io.github.sqlguard.observe;

import org.apache.flink.api.common.JobID;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.rest.RestClient;
import org.apache.flink.runtime.jobgraph.JobVertexID;
import org.apache.flink.runtime.messages.webmonitor.JobStatusInfo;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.runtime.rest.messages.JobMessageParameters;
import org.apache.flink.runtime.rest.messages.MessageHeaders;
import org.apache.flink.runtime.rest.messages.MessageParameters;
import org.apache.flink.runtime.rest.messages.ResponseBody;
import org.apache.flink.runtime.rest.messages.checkpoints.CheckpointIdPathParameter;
import org.apache.flink.runtime.rest.messages.checkpoints.CheckpointMessageParameters;
import org.apache.flink.runtime.rest.messages.checkpoints.CheckpointStatisticDetailsHeaders;
import org.apache.flink.runtime.rest.messages.checkpoints.CheckpointStatistics;
import org.apache.flink.runtime.rest.messages.checkpoints.CheckpointingStatistics;
import org.apache.flink.runtime.rest.messages.checkpoints.CheckpointingStatisticsHeaders;
import org.apache.flink.runtime.rest.messages.checkpoints.TaskCheckpointStatistics;
import org.apache.flink.runtime.rest.messages.job.JobDetailsHeaders;
import org.apache.flink.runtime.rest.messages.job.JobDetailsInfo;
import org.apache.flink.runtime.rest.messages.job.JobStatusInfoHeaders;
import org.apache.flink.runtime.rest.util.RestClientException;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.util.ConfigurationException;
import org.apache.flink.util.concurrent.Executors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * {@link JobManagerApi} with Flink's own REST client ({@link RestClient}) and message headers, so
 * requests and answers are those of Flink's Web UI and CLI: {@link JobDetailsHeaders}, {@link
 * JobStatusInfoHeaders}, {@link CheckpointingStatisticsHeaders}, {@link CheckpointStatisticDetailsHeaders}. The client is built from
 * the gateway's configuration, so its {@code security.ssl.rest.*} options apply as for Flink's
 * {@code RestClusterClient}. It runs one Netty I/O thread; answers are completed on it ({@code
 * directExecutor}) and awaited by the caller for at most the request timeout.
 */
final class FlinkRestApi implements JobManagerApi {

    private static final Logger LOG = LoggerFactory.getLogger(FlinkRestApi.class);

    private final RestClient client;
    private final Duration timeout;

    FlinkRestApi(Configuration config, Duration timeout) {
        try {
            this.client = new RestClient(config, Executors.directExecutor());
        } catch (ConfigurationException e) {
            throw new IllegalArgumentException("The REST client of the observed state cannot be built: " + e.getMessage(), e);
        }
        this.timeout = timeout;
    }

    /** The path parameters of a request about job {@code jobId}. */
    private static JobMessageParameters jobParameters(String jobId) {
        JobMessageParameters params = new JobMessageParameters();
        params.jobPathParameter.resolve(JobID.fromHexString(jobId));
        return params;
    }

    @Override
    public JobState job(Address at, String jobId) throws Unanswered, NotFound {
        JobMessageParameters params = jobParameters(jobId);
        JobDetailsInfo info =
                await(at, "job " + jobId, () -> send(at, JobDetailsHeaders.getInstance(), params));
        Map<String, String> vertices = new LinkedHashMap<>();
        for (JobDetailsInfo.JobVertexDetailsInfo vertex : info.getJobVertexInfos()) {
            vertices.put(vertex.getJobVertexID().toString(), vertex.getName());
        }
        return new JobState(info.getJobStatus().name(), info.getJobStatus().isGloballyTerminalState(), vertices);
    }

    @Override
    public JobState status(Address at, String jobId) throws Unanswered, NotFound {
        JobMessageParameters params = jobParameters(jobId);
        JobStatusInfo info =
                await(at, "status of job " + jobId, () -> send(at, JobStatusInfoHeaders.getInstance(), params));
        return new JobState(info.getJobStatus().name(), info.getJobStatus().isGloballyTerminalState(), Map.of());
    }

    @Override
    public Checkpoints checkpoints(Address at, String jobId) throws Unanswered, NotFound {
        JobMessageParameters params = jobParameters(jobId);
        CheckpointingStatistics stats =
                await(at, "checkpoints of job " + jobId, () -> send(at, CheckpointingStatisticsHeaders.getInstance(), params));
        CheckpointStatistics.CompletedCheckpointStatistics latest =
                stats.getLatestCheckpoints() == null ? null : stats.getLatestCheckpoints().getCompletedCheckpointStatistics();
        return new Checkpoints(
                stats.getCounts().getTotalNumberCheckpoints(),
                latest == null ? Optional.empty() : Optional.of(latest.getId()),
                latest == null ? 0 : latest.getLatestAckTimestamp());
    }

    @Override
    public Map<String, Long> stateSizes(Address at, String jobId, long checkpointId) throws Unanswered, NotFound {
        CheckpointMessageParameters params = new CheckpointMessageParameters();
        params.jobPathParameter.resolve(JobID.fromHexString(jobId));
        params.getPathParameters().stream()
                .filter(p -> p instanceof CheckpointIdPathParameter)
                .map(p -> (CheckpointIdPathParameter) p)
                .findFirst()
                .orElseThrow()
                .resolve(checkpointId);
        CheckpointStatistics details =
                await(at, "checkpoint " + checkpointId + " of job " + jobId,
                        () -> send(at, CheckpointStatisticDetailsHeaders.getInstance(), params));
        Map<String, Long> sizes = new LinkedHashMap<>();
        Map<JobVertexID, TaskCheckpointStatistics> perTask =
                details.getCheckpointStatisticsPerTask();
        if (perTask != null) {
            perTask.forEach((vertex, task) -> sizes.put(vertex.toString(), task.getStateSize()));
        }
        return sizes;
    }

    private <R extends ResponseBody, M extends MessageParameters, H extends MessageHeaders<EmptyRequestBody, R, M>>
            CompletableFuture<R> send(Address at, H headers, M params) {
        try {
            return client.sendRequest(at.host(), at.port(), headers, params, EmptyRequestBody.getInstance());
        } catch (IOException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    /** The answer of {@code request}, waited for at most the timeout (the request is cancelled then). */
    private <R> R await(Address at, String what, Supplier<CompletableFuture<R>> request) throws Unanswered, NotFound {
        CompletableFuture<R> answer = request.get();
        try {
            return answer.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new Unanswered("the JobManager at " + at + " did not answer within " + timeout.toMillis() + " ms ("
                    + what + ")", e);
        } catch (InterruptedException e) {
            answer.cancel(true);
            Thread.currentThread().interrupt();
            throw new Unanswered("interrupted while asking the JobManager at " + at + " (" + what + ")", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof RestClientException rest && rest.getHttpResponseStatus().equals(HttpResponseStatus.NOT_FOUND)) {
                throw new NotFound("the JobManager at " + at + " knows no " + what + ": " + firstLine(rest.getMessage()), rest);
            }
            throw new Unanswered("the JobManager at " + at + " failed (" + what + "): " + firstLine(String.valueOf(cause)), cause);
        }
    }

    private static String firstLine(String text) {
        if (text == null) {
            return "";
        }
        int eol = text.indexOf('\n');
        String line = eol < 0 ? text : text.substring(0, eol);
        return line.length() > 300 ? line.substring(0, 300) + "..." : line;
    }

    /**
     * Closes the client and its I/O thread, waiting at most the request timeout ({@code closeAsync}:
     * {@code RestClient#shutdown} takes a {@code Time} on Flink 1.20 and a {@code Duration} on 2.x).
     */
    @Override
    public void close() {
        try {
            client.closeAsync().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException | ExecutionException e) {
            LOG.warn("Flink SQL Guard: the observed state's REST client did not close cleanly: {}", String.valueOf(e));
        } catch (InterruptedException e) {
            LOG.warn("Flink SQL Guard: interrupted while closing the observed state's REST client.");
            Thread.currentThread().interrupt();
        }
    }
}
