package io.github.sqlguard.service;

import io.github.sqlguard.decision.Decision;
import io.github.sqlguard.decision.Outcome;
import io.github.sqlguard.statement.ParsedStatement;

import org.apache.flink.table.gateway.api.operation.OperationHandle;

/**
 * What the pipeline did with one {@code executeStatement} call.
 *
 * @param handle the operation the client gets (Flink's, or the guard's refusal or {@code OK})
 * @param statement the statement decided on: the call's own, or at {@code END} the whole
 *     statement set
 * @param decision the guard's decision
 * @param outcome what happened
 */
public record Submission(OperationHandle handle, ParsedStatement statement, Decision decision, Outcome outcome) {}
