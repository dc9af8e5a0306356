package io.github.sqlguard.endpoint;

import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * Options of the {@code guard} endpoint, under {@code sql-gateway.endpoint.guard.} as for every SQL
 * Gateway endpoint ({@code SqlGatewayEndpointFactoryUtils#getEndpointConfig}). The wrapped
 * endpoint keeps its own options ({@code sql-gateway.endpoint.rest.*}).
 */
public final class GuardEndpointOptions {

    public static final ConfigOption<String> DELEGATE =
            ConfigOptions.key("delegate")
                    .stringType()
                    .defaultValue("rest")
                    .withDescription(
                            "Identifier of the endpoint the guard wraps (its factory's factoryIdentifier()); it serves the"
                                    + " protocol with its own options 'sql-gateway.endpoint.<delegate>.*'.");

    private GuardEndpointOptions() {}
}
