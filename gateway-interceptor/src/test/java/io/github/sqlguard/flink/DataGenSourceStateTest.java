package io.github.sqlguard.flink;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.connector.datagen.table.DataGenTableSource;
import org.apache.flink.connector.datagen.table.types.DataGeneratorMapper;
import org.apache.flink.streaming.api.functions.source.datagen.DataGenerator;
import org.apache.flink.streaming.api.functions.source.datagen.DataGeneratorSource;
import org.apache.flink.streaming.api.functions.source.datagen.RandomGenerator;
import org.apache.flink.streaming.api.functions.source.datagen.SequenceGenerator;
import org.apache.flink.table.api.DataTypes;
import org.junit.jupiter.api.Test;

/**
 * {@link DataGenSourceState} on the datagen connector's source function as its table source builds it ({@code
 * DataGenTableSource#createSource}, a {@code RowDataGenerator} of the fields' generators; 1.20 and 2.3): random fields
 * register no state, a sequence field does, alone, beside random ones, or inside a mapper (as the connector wraps a
 * field's generator to convert its values). The sequences run to {@code Long.MAX_VALUE}: an opening that went on to fill
 * the range on the heap would not return.
 */
class DataGenSourceStateTest {

    @Test
    void randomFieldsRegisterNoStateAndASequenceFieldDoes() {
        assertThat(DataGenSourceState.registersState(source(RandomGenerator.intGenerator(1, 100),
                RandomGenerator.stringGenerator(3)))).as("random fields").isFalse();
        assertThat(DataGenSourceState.registersState(source(SequenceGenerator.longGenerator(1, Long.MAX_VALUE))))
                .as("a sequence field").isTrue();
        assertThat(DataGenSourceState.registersState(source(RandomGenerator.intGenerator(1, 100),
                SequenceGenerator.longGenerator(1, Long.MAX_VALUE)))).as("a sequence field after a random one").isTrue();
        assertThat(DataGenSourceState.registersState(source(new DataGeneratorMapper<>(
                SequenceGenerator.longGenerator(1, Long.MAX_VALUE), Long::intValue, 0f)))).as("a sequence in a mapper").isTrue();
    }

    /** The function of a datagen table of one field per generator. */
    private static DataGeneratorSource<?> source(DataGenerator<?>... fields) {
        DataTypes.Field[] types = new DataTypes.Field[fields.length];
        for (int i = 0; i < fields.length; i++) {
            types[i] = DataTypes.FIELD("f" + i, DataTypes.BIGINT());
        }
        return new DataGenTableSource(fields, "t", DataTypes.ROW(types), 5, null, null).createSource();
    }
}
