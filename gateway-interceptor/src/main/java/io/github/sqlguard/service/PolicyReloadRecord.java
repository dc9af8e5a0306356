package io.github.sqlguard.service;

import io.github.sqlguard.audit.AuditWriteException;
import io.github.sqlguard.audit.Auditor;
import io.github.sqlguard.audit.Subject;
import io.github.sqlguard.audit.What;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.metrics.GuardMetrics;
import io.github.sqlguard.policy.PolicyReloader;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * Audits a policy reload (from {@code config.yaml} or the admin route), as a {@link
 * PolicyReloader} listener: call {@code policyReload}, kind {@code POLICY}, outcome {@code applied}
 * (also for a reload that changed nothing) or {@code rejected}, the new policy's hash, and the
 * reason of a rejection. No rule judges a reload; its one record is written straight through the
 * auditor. Thread-safe.
 */
public final class PolicyReloadRecord implements Consumer<PolicyReloader.Result> {

    private static final Logger LOG = LoggerFactory.getLogger(PolicyReloadRecord.class);

    private final Auditor auditor;
    private final GuardMetrics metrics;

    public PolicyReloadRecord(Auditor auditor, GuardMetrics metrics) {
        this.auditor = auditor;
        this.metrics = metrics;
    }

    @Override
    public void accept(PolicyReloader.Result result) {
        String description = "-- policy reload (" + result.trigger() + ") of " + result.configFile() + ": "
                + result.outcome().name().toLowerCase(Locale.ROOT) + ", " + result.previousHash() + " -> "
                + result.policyHash() + (result.reason() == null ? "" : "; " + result.reason());
        Outcome outcome = result.outcome() == PolicyReloader.Outcome.REJECTED ? Outcome.REJECTED : Outcome.APPLIED;
        try {
            auditor.write(auditor.unjudged(
                    "policyReload", Subject.unknown(result.policyHash()), new What.OfCall(What.POLICY, description),
                    outcome, result.reason()));
        } catch (AuditWriteException e) {
            metrics.auditWriteFailure();
            LOG.error("sql-guard could not write the audit record of a policy reload.", e);
        }
    }
}
