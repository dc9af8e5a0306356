package io.github.sqlguard.service;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.catalog.CatalogBaseTable.TableKind;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogBaseTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UnresolvedIdentifier;
import org.apache.flink.table.functions.FunctionDefinition;
import org.apache.flink.table.gateway.api.SqlGatewayService;
import org.apache.flink.table.gateway.api.endpoint.EndpointVersion;
import org.apache.flink.table.gateway.api.operation.OperationHandle;
import org.apache.flink.table.gateway.api.results.FetchOrientation;
import org.apache.flink.table.gateway.api.results.FunctionInfo;
import org.apache.flink.table.gateway.api.results.GatewayInfo;
import org.apache.flink.table.gateway.api.results.OperationInfo;
import org.apache.flink.table.gateway.api.results.ResultSet;
import org.apache.flink.table.gateway.api.results.TableInfo;
import org.apache.flink.table.gateway.api.session.SessionEnvironment;
import org.apache.flink.table.gateway.api.session.SessionHandle;
import org.apache.flink.table.gateway.api.utils.SqlGatewayException;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * A {@link SqlGatewayService} that hands every call to another unchanged, as Guava's {@code
 * Forwarding*} classes do: a decorator overrides only the calls it changes. {@code deployScript},
 * which only some Flink lines have, is left to the subclass.
 */
public abstract class ForwardingSqlGatewayService implements SqlGatewayService {

    /** The service every call goes to. */
    protected final SqlGatewayService delegate;

    protected ForwardingSqlGatewayService(SqlGatewayService delegate) {
        this.delegate = delegate;
    }

    @Override
    public SessionHandle openSession(SessionEnvironment environment) throws SqlGatewayException {
        return delegate.openSession(environment);
    }

    @Override
    public void closeSession(SessionHandle sessionHandle) throws SqlGatewayException {
        delegate.closeSession(sessionHandle);
    }

    @Override
    public void configureSession(SessionHandle sessionHandle, String statement, long executionTimeoutMs)
            throws SqlGatewayException {
        delegate.configureSession(sessionHandle, statement, executionTimeoutMs);
    }

    @Override
    public Map<String, String> getSessionConfig(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.getSessionConfig(sessionHandle);
    }

    @Override
    public EndpointVersion getSessionEndpointVersion(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.getSessionEndpointVersion(sessionHandle);
    }

    @Override
    public OperationHandle submitOperation(SessionHandle sessionHandle, Callable<ResultSet> executor)
            throws SqlGatewayException {
        return delegate.submitOperation(sessionHandle, executor);
    }

    @Override
    public void cancelOperation(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        delegate.cancelOperation(sessionHandle, operationHandle);
    }

    @Override
    public void closeOperation(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        delegate.closeOperation(sessionHandle, operationHandle);
    }

    @Override
    public OperationInfo getOperationInfo(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        return delegate.getOperationInfo(sessionHandle, operationHandle);
    }

    @Override
    public ResolvedSchema getOperationResultSchema(SessionHandle sessionHandle, OperationHandle operationHandle)
            throws SqlGatewayException {
        return delegate.getOperationResultSchema(sessionHandle, operationHandle);
    }

    @Override
    public OperationHandle executeStatement(
            SessionHandle sessionHandle, String statement, long executionTimeoutMs, Configuration executionConfig)
            throws SqlGatewayException {
        return delegate.executeStatement(sessionHandle, statement, executionTimeoutMs, executionConfig);
    }

    @Override
    public ResultSet fetchResults(SessionHandle sessionHandle, OperationHandle operationHandle, long token, int maxRows)
            throws SqlGatewayException {
        return delegate.fetchResults(sessionHandle, operationHandle, token, maxRows);
    }

    @Override
    public ResultSet fetchResults(
            SessionHandle sessionHandle, OperationHandle operationHandle, FetchOrientation orientation, int maxRows)
            throws SqlGatewayException {
        return delegate.fetchResults(sessionHandle, operationHandle, orientation, maxRows);
    }

    @Override
    public String getCurrentCatalog(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.getCurrentCatalog(sessionHandle);
    }

    @Override
    public Set<String> listCatalogs(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.listCatalogs(sessionHandle);
    }

    @Override
    public Set<String> listDatabases(SessionHandle sessionHandle, String catalogName) throws SqlGatewayException {
        return delegate.listDatabases(sessionHandle, catalogName);
    }

    @Override
    public Set<TableInfo> listTables(
            SessionHandle sessionHandle, String catalogName, String databaseName, Set<TableKind> tableKinds)
            throws SqlGatewayException {
        return delegate.listTables(sessionHandle, catalogName, databaseName, tableKinds);
    }

    @Override
    public ResolvedCatalogBaseTable<?> getTable(SessionHandle sessionHandle, ObjectIdentifier tableIdentifier)
            throws SqlGatewayException {
        return delegate.getTable(sessionHandle, tableIdentifier);
    }

    @Override
    public Set<FunctionInfo> listUserDefinedFunctions(
            SessionHandle sessionHandle, String catalogName, String databaseName) throws SqlGatewayException {
        return delegate.listUserDefinedFunctions(sessionHandle, catalogName, databaseName);
    }

    @Override
    public Set<FunctionInfo> listSystemFunctions(SessionHandle sessionHandle) throws SqlGatewayException {
        return delegate.listSystemFunctions(sessionHandle);
    }

    @Override
    public FunctionDefinition getFunctionDefinition(SessionHandle sessionHandle, UnresolvedIdentifier functionIdentifier)
            throws SqlGatewayException {
        return delegate.getFunctionDefinition(sessionHandle, functionIdentifier);
    }

    @Override
    public GatewayInfo getGatewayInfo() {
        return delegate.getGatewayInfo();
    }

    @Override
    public List<String> completeStatement(SessionHandle sessionHandle, String statement, int position)
            throws SqlGatewayException {
        return delegate.completeStatement(sessionHandle, statement, position);
    }

    @Override
    public OperationHandle refreshMaterializedTable(
            SessionHandle sessionHandle,
            String materializedTableIdentifier,
            boolean isPeriodic,
            String scheduleTime,
            Map<String, String> dynamicOptions,
            Map<String, String> staticPartitions,
            Map<String, String> executionConfig) {
        return delegate.refreshMaterializedTable(
                sessionHandle, materializedTableIdentifier, isPeriodic, scheduleTime, dynamicOptions, staticPartitions,
                executionConfig);
    }
}
