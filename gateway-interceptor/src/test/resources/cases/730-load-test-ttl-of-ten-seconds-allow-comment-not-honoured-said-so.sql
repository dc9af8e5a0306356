-- expect: BLOCK ttl-too-short
-- expect-fix: The statement's '-- sql-guard:allow ttl-too-short' comment was read and is not honoured: the policy in force does not allow suppressing ttl-too-short
-- expect-fix: the platform's administrator can allow it ('sql-guard.rules.ttl-too-short.allow-suppression: true' in the gateway's configuration)
-- Round 55's new user (finding 4): a suppression comment the default policy does not honour changed nothing
-- visible, and the refusal was repeated word for word. The fix says the comment was read and who can allow it.
CREATE TABLE clicks (user_id BIGINT, url STRING, amount DOUBLE) WITH ('connector' = 'datagen');

-- sql-guard:allow ttl-too-short load test needs a fast expiry
SET 'table.exec.state.ttl' = '10 s';
