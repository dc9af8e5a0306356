-- '24' has no unit: Flink reads it as 24 milliseconds. The guard blocks it (ttl-too-short, ttl-bare-number).
SET 'table.exec.state.ttl' = '24';

-- With a unit it is what was meant.
SET 'table.exec.state.ttl' = '24 h';
