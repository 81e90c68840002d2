import com.almworks.sqlite4java.SQLiteConnection;
import com.almworks.sqlite4java.SQLiteJob;
import com.almworks.sqlite4java.SQLiteQueue;
import com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteIndexElement;
import com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.TableSchemaInfo;
import com.amazonaws.services.dynamodbv2.local.shared.mapper.DynamoDBObjectMapper;
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Deque;
import java.util.Enumeration;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;

/**
 * Starts DynamoDB Local (the arguments are its own) listening on 127.0.0.1 only. Its command line has
 * no option for the address, and its Jetty server listens on every interface, so the server it builds
 * gets its connectors pointed at the loopback address before it starts.
 *
 * With file storage (no -inMemory), its SQLite connection runs with `synchronous=OFF`: SQLite hands
 * each commit to the operating system without waiting for the disk. Each item written is its own
 * commit, and a disk sync per commit made loading the demo data cost ~14 ms an item (~1 ms without).
 * Its rollback journal is kept in memory (`journal_mode=MEMORY`) rather than in a file made and deleted
 * for each commit, and it holds its file lock for good (`locking_mode=EXCLUSIVE`: it is the file's only
 * connection) instead of taking it again for each statement: the two halved the database thread's time
 * per item written (8.5 s to 4.1 s for the demo directory's 14,500 items). What it risks: the database
 * file is only whole between writes, so DynamoDB Local ending in the middle of one (kill -9, the machine
 * going down, a Ctrl-C while the demo data loads, which leaves it half loaded anyway) may damage the local
 * database, which `npm start -- --reset` makes anew; it is local demo data. (A write-ahead log would keep it safe, but
 * DynamoDB Local's open reads keep SQLite from ever folding the log back: it grew by ~7 kB an item.)
 *
 * Every read and write also reads the table's schema from SQLite and parses it from JSON anew (~40% of
 * the database thread's time while the demo data loads). The launcher keeps the parsed schema, keyed by
 * the stored bytes themselves (a changed schema is other bytes, so it is parsed anew), and hands out a
 * copy with containers of its own, as a parse would (UpdateTable changes the copy it is given).
 *
 * `--jars-for-class-sharing <DynamoDBLocal.jar> <folder>` writes, instead of starting anything, the jars a
 * class-data sharing archive needs (the JVM shares classes from jars only, see dynamodb.ts).
 */
public class DynamoDbLocalOnLoopback {
  public static void main(String[] args) throws Exception {
    if (args.length == 3 && args[0].equals("--jars-for-class-sharing")) {
      writeJarsForClassSharing(args[1], Path.of(args[2]));
      return;
    }
    DynamoDBProxyServer proxy = ServerRunner.createServerFromCommandLineArgs(args);
    Server server = (Server) field(DynamoDBProxyServer.class, "server").get(proxy);
    for (Connector connector : server.getConnectors()) ((ServerConnector) connector).setHost("127.0.0.1");
    boolean onFile = !Arrays.asList(args).contains("-inMemory");
    if (onFile) {
      // A speed-up only: if another DynamoDB Local is built differently inside, it starts as it is (slower to load).
      try {
        tuneFileDatabase(proxy);
      } catch (Exception error) {
        System.err.println("DynamoDB Local keeps its disk syncs and journal file (" + error + "): loading the demo data will be slower.");
      }
    }
    try {
      keepParsedSchemas();
    } catch (Exception error) {
      System.err.println("DynamoDB Local parses its table schema on every request (" + error + "): it will be slower.");
    }
    proxy.start();
  }

  /** The mapper DynamoDB Local's database jobs read the schema with, swapped (before any request) for one that keeps what it parsed. */
  private static void keepParsedSchemas() throws Exception {
    Class<?> jobs = Class.forName("com.amazonaws.services.dynamodbv2.local.shared.access.sqlite.SQLiteDBAccessJob", true, DynamoDbLocalOnLoopback.class.getClassLoader());
    Field mapper = jobs.getDeclaredField("MAPPER");
    if (mapper.getType() != DynamoDBObjectMapper.class) throw new IllegalStateException("SQLiteDBAccessJob.MAPPER is a " + mapper.getType());
    Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
    theUnsafe.setAccessible(true);
    sun.misc.Unsafe unsafe = (sun.misc.Unsafe) theUnsafe.get(null);
    unsafe.putObjectVolatile(unsafe.staticFieldBase(mapper), unsafe.staticFieldOffset(mapper), new SchemaKeepingMapper());
  }

  static final class SchemaKeepingMapper extends DynamoDBObjectMapper {
    private static final long serialVersionUID = 1L;
    /** A few tables' schemas, newest first, each with the bytes it was parsed from (compared whole: hashing them costs more). */
    private final Deque<Object[]> parsed = new ArrayDeque<>();

    @Override
    @SuppressWarnings("unchecked")
    public <T> T readValue(byte[] src, Class<T> type) throws IOException {
      if (type != TableSchemaInfo.class) return super.readValue(src, type);
      TableSchemaInfo schema = null;
      synchronized (parsed) {
        for (Object[] entry : parsed) {
          if (Arrays.equals((byte[]) entry[0], src)) {
            schema = (TableSchemaInfo) entry[1];
            break;
          }
        }
      }
      if (schema == null) {
        schema = super.readValue(src, TableSchemaInfo.class);
        synchronized (parsed) {
          parsed.addFirst(new Object[] {src.clone(), schema});
          if (parsed.size() > 16) parsed.removeLast();
        }
      }
      return (T) copyOf(schema);
    }
  }

  /** What a parse of the same bytes gives: containers of its own, around the same (unchanged) elements. */
  static TableSchemaInfo copyOf(TableSchemaInfo schema) {
    TableSchemaInfo copy = new TableSchemaInfo();
    copy.setAttributes(listOf(schema.getAttributes()));
    copy.setLsiList(listOf(schema.getLsiList()));
    // Sets the index list too, made anew from the descriptions (as a parse does).
    copy.setGsiDescList(listOf(schema.getGsiDescList()));
    if (schema.getSqliteIndex() != null) {
      Map<String, List<SQLiteIndexElement>> index = new LinkedHashMap<>();
      for (Map.Entry<String, List<SQLiteIndexElement>> entry : schema.getSqliteIndex().entrySet()) index.put(entry.getKey(), listOf(entry.getValue()));
      copy.setSqliteIndex(index);
    }
    copy.setUniqueIndexes(listOf(schema.getUniqueIndexes()));
    if (schema.getUniqueGSIIndexes() != null) {
      List<List<SQLiteIndexElement>> unique = new ArrayList<>();
      for (List<SQLiteIndexElement> columns : schema.getUniqueGSIIndexes()) unique.add(listOf(columns));
      copy.setUniqueGSIIndexes(unique);
    }
    copy.setTimeToLiveAttributeName(schema.getTimeToLiveAttributeName());
    return copy;
  }

  private static <T> List<T> listOf(List<T> list) {
    return list == null ? null : new ArrayList<>(list);
  }

  /**
   * DynamoDB Local's jar without the class path of its manifest (its first entry is a folder, "."; the
   * libraries go on the command line instead), and this launcher's classes as a jar.
   */
  private static void writeJarsForClassSharing(String dynamoDbLocalJar, Path folder) throws Exception {
    try (JarFile in = new JarFile(dynamoDbLocalJar)) {
      Manifest manifest = new Manifest(in.getManifest());
      manifest.getMainAttributes().remove(Attributes.Name.CLASS_PATH);
      try (JarOutputStream out = new JarOutputStream(new FileOutputStream(folder.resolve("DynamoDBLocal.jar").toFile()), manifest)) {
        for (Enumeration<JarEntry> entries = in.entries(); entries.hasMoreElements(); ) {
          JarEntry entry = entries.nextElement();
          if (entry.getName().equalsIgnoreCase(JarFile.MANIFEST_NAME)) continue;
          out.putNextEntry(new JarEntry(entry.getName()));
          try (InputStream data = in.getInputStream(entry)) {
            data.transferTo(out);
          }
          out.closeEntry();
        }
      }
    }
    Path classes = Path.of(DynamoDbLocalOnLoopback.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    try (JarOutputStream out = new JarOutputStream(new FileOutputStream(folder.resolve("launcher.jar").toFile()));
        Stream<Path> files = Files.list(classes)) {
      for (Path file : (Iterable<Path>) files.filter((file) -> file.toString().endsWith(".class"))::iterator) {
        out.putNextEntry(new JarEntry(file.getFileName().toString()));
        Files.copy(file, out);
        out.closeEntry();
      }
    }
  }

  private static Field field(Class<?> type, String name) throws NoSuchFieldException {
    Field field = type.getDeclaredField(name);
    field.setAccessible(true);
    return field;
  }

  /**
   * The shared database is opened on its first request; this opens it now (with -sharedDb every key
   * reaches the same one) and runs the pragmas (see the class comment) on the one connection of its SQLite queue.
   */
  private static void tuneFileDatabase(DynamoDBProxyServer proxy) throws Exception {
    Object serverHandler = field(DynamoDBProxyServer.class, "serverHandler").get(proxy);
    Object requestHandler = field(serverHandler.getClass().getSuperclass(), "primaryHandler").get(serverHandler);
    Method getHandler = requestHandler.getClass().getDeclaredMethod("getHandler", String.class);
    getHandler.setAccessible(true);
    Object database = getHandler.invoke(requestHandler, "local");
    SQLiteQueue queue = findQueue(database);
    if (queue == null) throw new IllegalStateException("DynamoDB Local's SQLite queue was not found");
    queue.execute(new SQLiteJob<Object>() {
      @Override
      protected Object job(SQLiteConnection connection) throws Throwable {
        connection.exec("PRAGMA synchronous=OFF");
        connection.exec("PRAGMA journal_mode=MEMORY");
        connection.exec("PRAGMA locking_mode=EXCLUSIVE");
        return null;
      }
    }).complete();
  }

  /** The SQLite queue inside DynamoDB Local's database object, a few fields down. */
  private static SQLiteQueue findQueue(Object root) throws IllegalAccessException {
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<Object[]> todo = new ArrayDeque<>();
    todo.add(new Object[] {root, 0});
    while (!todo.isEmpty()) {
      Object[] next = todo.poll();
      Object object = next[0];
      int depth = (Integer) next[1];
      if (object == null || !seen.add(object)) continue;
      if (object instanceof SQLiteQueue) return (SQLiteQueue) object;
      if (depth >= 4 || !object.getClass().getName().startsWith("com.amazonaws")) continue;
      for (Class<?> type = object.getClass(); type != null && type != Object.class; type = type.getSuperclass()) {
        for (Field field : type.getDeclaredFields()) {
          if (field.getType().isPrimitive() || java.lang.reflect.Modifier.isStatic(field.getModifiers())) continue;
          field.setAccessible(true);
          todo.add(new Object[] {field.get(object), depth + 1});
        }
      }
    }
    return null;
  }
}
