package io.github.sqlguard.rules.limits;

import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.core.execution.JobListener;

/**
 * A {@code JobListener} of the gateway's class path, outside {@code sql-guard.allow.function-classes},
 * whose static initialiser leaves a trace: what {@code execution.job-listeners} can name, which
 * Flink's {@code StreamExecutionEnvironment#configure} instantiates in the gateway's JVM.
 */
public final class TracingJobListener implements JobListener {

    /** The system property the static initialiser sets. */
    public static final String TRACE_PROPERTY = "sql-guard.test.job-listener-trace";

    static {
        System.setProperty(TRACE_PROPERTY, "ran");
    }

    @Override
    public void onJobSubmitted(JobClient jobClient, Throwable throwable) {}

    @Override
    public void onJobExecuted(JobExecutionResult jobExecutionResult, Throwable throwable) {}
}
