package io.bindery.commons.testing;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A real single-node Kafka broker (KRaft) in a child process, started from the broker jars that
 * `./platform` copies from Maven Central (env BINDERY_KAFKA_LIB). Tests that must see Kafka go away and
 * come back (the outbox catch-up test) stop and start it; its data survives a restart.
 */
public final class KafkaBrokerProcess {
    private final Path dir;
    private final int port;
    private final int controllerPort;
    private Process process;

    private final int partitions;

    /** @param partitions partitions of auto-created topics (1 makes the order of all events observable) */
    public KafkaBrokerProcess(int partitions) throws IOException {
        this.partitions = partitions;
        this.dir = Files.createTempDirectory("bindery-kafka-test");
        this.port = freePort();
        this.controllerPort = freePort();
    }

    public static String libDir() {
        String lib = System.getenv("BINDERY_KAFKA_LIB");
        if (lib == null || !Files.isDirectory(Path.of(lib))) {
            throw new IllegalStateException("BINDERY_KAFKA_LIB must point at the Kafka broker jars (./platform test sets it)");
        }
        return lib;
    }

    public String bootstrap() {
        return "127.0.0.1:" + port;
    }

    public synchronized void start() throws Exception {
        Path props = dir.resolve("server.properties");
        if (!Files.exists(props)) {
            Files.writeString(props, String.join("\n",
                    "process.roles=broker,controller", "node.id=1",
                    "controller.quorum.bootstrap.servers=127.0.0.1:" + controllerPort,
                    "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                    "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                    "controller.listener.names=CONTROLLER",
                    "listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT",
                    "log.dirs=" + dir.resolve("data"), "num.partitions=" + partitions, "auto.create.topics.enable=true",
                    "offsets.topic.replication.factor=1", "transaction.state.log.replication.factor=1",
                    "transaction.state.log.min.isr=1", "group.initial.rebalance.delay.ms=0", ""));
            run(List.of("kafka.tools.StorageTool", "format", "--standalone", "-t", UUID.randomUUID().toString().substring(0, 22),
                    "-c", props.toString())).waitFor(60, TimeUnit.SECONDS);
        }
        process = run(List.of("kafka.Kafka", props.toString()));
        long deadline = System.currentTimeMillis() + 60_000;
        while (System.currentTimeMillis() < deadline) {
            try (Socket s = new Socket("127.0.0.1", port)) {
                return;
            } catch (IOException notYet) {
                Thread.sleep(200);
            }
        }
        throw new IllegalStateException("Kafka test broker did not start; see " + dir.resolve("broker.log"));
    }

    public synchronized void stop() throws InterruptedException {
        if (process != null) {
            process.destroy();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
            process = null;
        }
    }

    private Process run(List<String> mainAndArgs) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new java.util.ArrayList<>(List.of(java, "-Xmx256m", "-cp", libDir() + "/*"));
        cmd.addAll(mainAndArgs);
        return new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("broker.log").toFile())).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
