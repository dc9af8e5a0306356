package io.github.sqlguard.endpoint;

import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.policy.PolicyReloader;
import io.github.sqlguard.service.GuardedSqlGatewayService;
import io.github.sqlguard.service.SessionRegistry;

import java.util.Optional;

/**
 * What one guarded gateway shares between its REST layer and its statement pipeline, created by
 * {@link GuardEndpointFactory} and closed by {@link GuardEndpoint#stop()}.
 *
 * @param policies the policy in force (read {@code current()} once per statement)
 * @param metrics the guard's metrics, reported through Flink's {@code metrics.reporter.*}
 * @param reloader the policy reloader, when reload is on
 * @param guarded the guarded service, whose threads stop with the endpoint
 */
public record GuardRuntime(
        PolicyHolder policies, GuardMetrics metrics, Optional<PolicyReloader> reloader,
        GuardedSqlGatewayService guarded) {

    /** What the guard keeps of each session, the identity it was opened with included. */
    public SessionRegistry sessions() {
        return guarded.sessions();
    }

    /** Stops the reloader and the guard's threads, then closes the metric reporters. */
    void close() throws Exception {
        try {
            reloader.ifPresent(PolicyReloader::close);
            guarded.close();
        } finally {
            metrics.close();
        }
    }
}
