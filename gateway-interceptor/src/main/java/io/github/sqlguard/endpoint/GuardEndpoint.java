package io.github.sqlguard.endpoint;

import org.apache.flink.runtime.rest.RestServerEndpoint;
import org.apache.flink.table.gateway.api.endpoint.SqlGatewayEndpoint;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code guard} endpoint: the wrapped endpoint (REST by default) serving its unchanged protocol
 * on top of the guarded service. Starting it starts the wrapped endpoint and the policy reloader;
 * stopping it stops them, the guard's own threads (planning, the REST decisions, waiting on
 * operations) and closes the metric reporters.
 */
public final class GuardEndpoint implements SqlGatewayEndpoint {

    private static final Logger LOG = LoggerFactory.getLogger(GuardEndpoint.class);

    private final SqlGatewayEndpoint delegate;
    private final String delegateIdentifier;
    private final String policySummary;
    private final GuardRuntime runtime;

    GuardEndpoint(SqlGatewayEndpoint delegate, String delegateIdentifier, String policySummary, GuardRuntime runtime) {
        this.delegate = delegate;
        this.delegateIdentifier = delegateIdentifier;
        this.policySummary = policySummary;
        this.runtime = runtime;
    }

    /**
     * Starts the wrapped endpoint and says where clients reach it: for REST, the URL Flink advertises ({@code
     * RestServerEndpoint#getRestBaseUrl}: {@code sql-gateway.endpoint.rest.address} when the endpoint binds a
     * wildcard address, else the bound one; an IPv6 host in brackets), the address Flink's own "Rest endpoint
     * listening at" line names, not the bound socket's ({@code 0:0:0:0:0:0:0:0} under a wildcard bind).
     */
    @Override
    public void start() throws Exception {
        delegate.start();
        runtime.reloader().ifPresent(r -> r.start());
        String where =
                delegate instanceof RestServerEndpoint rest && rest.getRestBaseUrl() != null
                        ? rest.getRestBaseUrl()
                        : "the '" + delegateIdentifier + "' endpoint";
        String line = "Flink SQL Guard: guarded SQL Gateway listening at " + where + " (" + policySummary + ")";
        LOG.info(line);
        // The gateway runs in the foreground; say where it listens on its console too.
        System.out.println(line);
    }

    @Override
    public void stop() throws Exception {
        try {
            delegate.stop();
        } finally {
            runtime.close();
        }
    }

    /** The wrapped endpoint. */
    public SqlGatewayEndpoint delegate() {
        return delegate;
    }

    /** The policy holder, metrics, sessions and reloader of this gateway. */
    public GuardRuntime runtime() {
        return runtime;
    }

}
