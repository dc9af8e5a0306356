package io.github.sqlguard.observe;

import io.github.sqlguard.audit.AuditRecord;

import java.util.List;
import java.util.Map;

/**
 * A job the guard submitted, as it hands it to the {@link StateWatcher}.
 *
 * @param submitted the statement's {@code jobSubmitted} record: decision id, job id, session,
 *     who, verdict, findings, and how it ran ({@code execution})
 * @param statefulOperators the stateful operators of the judged plan
 * @param sessionConfig the session's configuration when the job was submitted: where it runs
 *     ({@code execution.target}, {@code rest.address}, {@code rest.port})
 */
public record WatchedJob(AuditRecord submitted, List<PlannedOperator> statefulOperators, Map<String, String> sessionConfig) {

    public WatchedJob {
        statefulOperators = List.copyOf(statefulOperators);
        sessionConfig = Map.copyOf(sessionConfig);
    }

    public String jobId() {
        return submitted.outcome().jobId();
    }

    /**
     * True when the job is the plan the guard judged ({@code execution} {@code judged-plan}): its
     * operators carry the judged plan's node ids.
     */
    public boolean runsJudgedPlan() {
        return "judged-plan".equals(submitted.outcome().execution());
    }
}
