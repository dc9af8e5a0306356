package io.github.sqlguard.endpoint.rest;

import io.github.sqlguard.policy.PolicyReloader;
import io.github.sqlguard.policy.PolicyReloader.Outcome;

import org.apache.flink.runtime.rest.handler.HandlerRequest;
import org.apache.flink.runtime.rest.handler.RestHandlerException;
import org.apache.flink.runtime.rest.messages.EmptyMessageParameters;
import org.apache.flink.runtime.rest.messages.EmptyRequestBody;
import org.apache.flink.shaded.netty4.io.netty.handler.codec.http.HttpResponseStatus;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.rest.handler.AbstractSqlGatewayRestHandler;
import org.apache.flink.table.gateway.rest.util.SqlGatewayRestAPIVersion;

import javax.annotation.Nonnull;
import javax.annotation.Nullable;

import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Serves {@link PolicyReloadHeaders}: one reload, {@code 422} with the reason when rejected. */
public final class PolicyReloadHandler
        extends AbstractSqlGatewayRestHandler<EmptyRequestBody, PolicyReloadResponseBody, EmptyMessageParameters> {

    private final PolicyReloader reloader;

    public PolicyReloadHandler(SqlGatewayService service, Map<String, String> responseHeaders, PolicyReloader reloader) {
        super(service, responseHeaders, PolicyReloadHeaders.getInstance());
        this.reloader = reloader;
    }

    @Override
    protected CompletableFuture<PolicyReloadResponseBody> handleRequest(
            @Nullable SqlGatewayRestAPIVersion version, @Nonnull HandlerRequest<EmptyRequestBody> request)
            throws RestHandlerException {
        // Reading and validating one small file: done on the request thread.
        PolicyReloader.Result result = reloader.reload(PolicyReloader.TRIGGER_ADMIN_ROUTE);
        if (result.outcome() == Outcome.REJECTED) {
            throw new RestHandlerException(
                    "Flink SQL Guard rejected the policy in " + result.configFile() + ": " + result.reason()
                            + " The policy in force (" + result.policyHash() + ") stays.",
                    HttpResponseStatus.UNPROCESSABLE_ENTITY);
        }
        return CompletableFuture.completedFuture(PolicyReloadResponseBody.of(result));
    }
}
