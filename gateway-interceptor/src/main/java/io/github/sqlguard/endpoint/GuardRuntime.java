package io.github.sqlguard.endpoint;

import io.github.sqlguard.identity.Identities;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.PolicyHolder;
import io.github.sqlguard.policy.PolicyReloader;

import java.util.Optional;

/**
 * What one guarded gateway shares between its REST layer and its statement pipeline, created by
 * {@link GuardEndpointFactory} before the service and closed by {@link GuardEndpoint#stop()}.
 *
 * @param policies the policy in force (read {@code current()} once per statement)
 * @param metrics the guard's metrics, reported through Flink's {@code metrics.reporter.*}
 * @param identities the verified identity of each session opened over REST
 * @param reloader the policy reloader, when reload is on
 */
public record GuardRuntime(
        PolicyHolder policies, GuardMetrics metrics, Identities identities, Optional<PolicyReloader> reloader) {}
