package io.github.sqlguard.service;

import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.functions.ScalarFunction;
import org.apache.flink.table.types.inference.TypeInference;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * A scalar function that counts how often Flink asks for its type inference: Flink's planner asks
 * for it at each call of the function in a query it validates, and again while it optimizes the
 * query (19 times for one planning of a call inside a chain of 60 views, 2.3.0), so the count of a
 * statement is its plannings times that of one plain {@code TableEnvironment#explainSql}. Counts
 * Flink's own work without timing it.
 */
public class InferenceCountingFunction extends ScalarFunction {

    static final AtomicInteger inferences = new AtomicInteger();

    public long eval(Long x) {
        return x == null ? 0 : x;
    }

    @Override
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        inferences.incrementAndGet();
        return super.getTypeInference(typeFactory);
    }
}
