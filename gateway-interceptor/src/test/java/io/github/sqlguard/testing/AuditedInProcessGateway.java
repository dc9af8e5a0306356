package io.github.sqlguard.testing;

import io.github.sqlguard.audit.AuditLog;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.util.Map;

/**
 * The guard's pipeline over Flink's real gateway service in this JVM ({@link InProcessGateway}, default
 * options) with its audit records captured ({@link AuditCapture}), for one test class: started before
 * its tests, closed after them (the gateway first, then the capture). Registered with {@code
 * @RegisterExtension} on a field; a non-static field needs {@code @TestInstance(PER_CLASS)}.
 */
public final class AuditedInProcessGateway implements BeforeAllCallback, AfterAllCallback {

    private AuditCapture audit;
    private InProcessGateway gateway;

    @Override
    public void beforeAll(ExtensionContext context) {
        audit = AuditCapture.start();
        gateway = InProcessGateway.start(Map.of(), new AuditLog());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            gateway.close();
        } finally {
            audit.close();
        }
    }

    public InProcessGateway gateway() {
        return gateway;
    }

    public AuditCapture audit() {
        return audit;
    }
}
