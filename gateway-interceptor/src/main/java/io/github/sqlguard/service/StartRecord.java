package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.policy.FailMode;
import io.github.sqlguard.policy.Policy;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first record of a gateway: call {@code gatewayStart}, kind {@code POLICY}, outcome {@code
 * applied}, the policy in force and the endpoint's summary. Written before the endpoint serves
 * anything, it is also the proof that the audit can be written: with {@code
 * sql-guard.audit.fail-mode: closed}, a gateway whose audit cannot be written refuses to start
 * rather than refuse every call after it started; with {@code open} it starts and says so in its
 * log. Stateless.
 */
public final class StartRecord {

    private static final Logger LOG = LoggerFactory.getLogger(StartRecord.class);

    private StartRecord() {}

    /**
     * Writes the start record of a gateway with {@code policy}.
     *
     * @param summary the endpoint's one-line description (rules, mode, fail modes, identity)
     * @throws IllegalStateException when the record cannot be written and the audit fail mode is
     *     {@code closed}: the gateway must not start
     */
    public static void write(Auditor auditor, Policy policy, String summary) {
        try {
            auditor.write(auditor.unjudged(
                    "gatewayStart", Subject.unknown(policy.policyHash()),
                    new What.OfCall(What.POLICY, "-- sql-guard started: " + summary), Outcome.APPLIED, null));
        } catch (AuditWriteException e) {
            if (policy.auditFailMode() == FailMode.CLOSED) {
                throw new IllegalStateException(
                        "Flink SQL Guard cannot write its audit log (" + e.getMessage() + "), and sql-guard.audit.fail-mode"
                                + " is 'closed': the gateway does not start. Check the 'sql-guard.audit' logger's appender"
                                + " and its file.",
                        e);
            }
            LOG.error("Flink SQL Guard cannot write its audit log; starting anyway (sql-guard.audit.fail-mode: open).", e);
        }
    }
}
