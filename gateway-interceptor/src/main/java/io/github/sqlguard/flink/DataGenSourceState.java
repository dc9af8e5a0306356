package io.github.sqlguard.flink;

import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.runtime.state.FunctionInitializationContext;
import org.apache.flink.streaming.api.functions.source.datagen.DataGeneratorSource;
import org.apache.flink.util.InstantiationUtil;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.reflect.Proxy;
import java.util.OptionalLong;

/**
 * Whether the datagen connector's legacy source function ({@code DataGeneratorSource}, what {@code
 * DataGenTableSource} runs on 1.20 and 2.3, in the same package on both) keeps state a savepoint records, asked of
 * the function itself: its {@code initializeState} opens its generators ({@code DataGenerator#open}), and a generator
 * that keeps state registers it there, first thing ({@code SequenceGenerator}: its remaining values, a {@code
 * ListState}), while a random one registers none ({@code RandomGenerator}, {@code DecimalDataRandomGenerator} and the
 * time generators open nothing of the context; {@code RowDataGenerator} and {@code DataGeneratorMapper} open their
 * fields' generators). A source that registers no state leaves an empty entry in a savepoint, which Flink does not
 * count as unclaimed ({@code Checkpoints#loadAndValidateCheckpoint}: "Skipping empty savepoint state for operator";
 * 1.20 and 2.3).
 *
 * <p>The function is opened as a copy (serialized and read back, as Flink ships it to a TaskManager), against a
 * context that is not restored and stops the opening at the first state registered: a {@code SequenceGenerator} would
 * next fill its whole range on the heap. Where the opening fails on anything else (a generator of another kind that
 * asks the runtime context), the function is taken to keep state, and the log says so.
 */
final class DataGenSourceState {

    private static final Logger LOG = LoggerFactory.getLogger(DataGenSourceState.class);

    /** A context of a first start whose state stores stop the opening: a generator that asks for one keeps state. */
    private static final FunctionInitializationContext NOT_RESTORED = (FunctionInitializationContext) Proxy.newProxyInstance(
            FunctionInitializationContext.class.getClassLoader(), new Class<?>[] {FunctionInitializationContext.class},
            (proxy, method, args) -> switch (method.getName()) {
                case "isRestored" -> false;
                case "getRestoredCheckpointId" -> OptionalLong.empty();
                case "getOperatorStateStore", "getKeyedStateStore" -> throw new StateRegistered();
                default -> throw new UnsupportedOperationException(method.getName());
            });

    private DataGenSourceState() {}

    /** Whether {@code function}'s generators register state when Flink opens it. */
    static boolean registersState(DataGeneratorSource<?> function) {
        try {
            DataGeneratorSource<?> copy = InstantiationUtil.clone(function, function.getClass().getClassLoader());
            copy.setRuntimeContext(unavailable(RuntimeContext.class));
            copy.initializeState(NOT_RESTORED);
            return false;
        } catch (StateRegistered e) {
            return true;
        } catch (Exception | LinkageError e) {
            LOG.info("sql-guard could not open a copy of the datagen source function {} to see whether it registers"
                    + " state ({}): it is counted as a source that can hold state.", function, e.toString());
            return true;
        }
    }

    /** An interface none of whose methods the opening may call. */
    private static <T> T unavailable(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            throw new UnsupportedOperationException(method.getName());
        }));
    }

    /** Thrown where the opening asks for a state store. */
    private static final class StateRegistered extends RuntimeException {
        StateRegistered() {
            super(null, null, false, false);
        }
    }
}
