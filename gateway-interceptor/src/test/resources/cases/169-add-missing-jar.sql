-- expect: OK
-- flink-error: resource [/no/such.jar] not found
-- ADD JAR of a file that does not exist: the guard has nothing against it (audit verdict OK, outcome submitted)
-- and hands it on; Flink itself then fails the operation, as a stock gateway does. Not a guard refusal.
SHOW JARS;

ADD JAR '/no/such.jar';
