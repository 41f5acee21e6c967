using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.ExceptionServices;
using System.Runtime.InteropServices;

namespace Latchkey
{
    /// <summary>
    /// A client of one app on one Latchkey service, over liblatchkey (libs/sdk-c): every answer's
    /// Ed25519 signature, timestamp and nonce are checked in C before anything is returned here, and
    /// every refusal or failed check throws a <see cref="LatchkeyException"/> with liblatchkey's code.
    /// Calls are synchronous, like the C API (wrap them in <c>Task.Run</c> to keep a UI thread free);
    /// one client may be used from several threads (the C library serialises its calls).
    /// </summary>
    public sealed class LatchkeyClient : IDisposable
    {
        private readonly ClientHandle handle;
        private readonly List<HeartbeatTimer> timers = new List<HeartbeatTimer>();
        private TimeSpan maxSkew = TimeSpan.FromSeconds(30);
        private TimeSpan timeout = TimeSpan.FromSeconds(15);

        /// <param name="url">Where the service runs, without /v1 (e.g. "https://licensing.example.com").</param>
        /// <param name="appId">The app's id.</param>
        /// <param name="apiKey">The app's API key.</param>
        /// <param name="publicKey">The app's Ed25519 public key: base64 of the raw 32 bytes, from the dashboard.</param>
        /// <exception cref="LatchkeyException">INVALID_ARGUMENT: a null argument or a malformed public key.</exception>
        public LatchkeyClient(string url, string appId, string apiKey, string publicKey)
        {
            Native.EnsureInitialised();
            var code = Native.lk_client_new(Utf8.Arg(url), Utf8.Arg(appId), Utf8.Arg(apiKey), Utf8.Arg(publicKey),
                out var client, out var error);
            Native.Check(code, ref error);
            handle = new ClientHandle();
            handle.Set(client);
        }

        /// <summary>How far a signed answer's timestamp may be from this clock; 30 s unless set.</summary>
        public TimeSpan MaxSkew
        {
            get => maxSkew;
            set
            {
                Native.SetMaxSkew(handle, (long)value.TotalSeconds);
                maxSkew = value;
            }
        }

        /// <summary>Per request (for downloads: the longest stall); 15 s unless set.</summary>
        public TimeSpan Timeout
        {
            get => timeout;
            set
            {
                Native.SetTimeout(handle, (long)value.TotalMilliseconds);
                timeout = value;
            }
        }

        /// <summary>The app's name, version and update URL.</summary>
        public AppInfo Init()
        {
            var code = Native.lk_init(handle, out var info, out var error);
            Native.Check(code, ref error);
            try
            {
                return AppInfo.Read(info);
            }
            finally
            {
                Native.lk_app_info_free(info);
            }
        }

        /// <summary>Creates an account with an unused license key and opens its session.</summary>
        public Session Register(string username, string password, string licenseKey, string hwid = null)
        {
            var code = Native.lk_register(handle, Utf8.Arg(username), Utf8.Arg(password), Utf8.Arg(licenseKey),
                Utf8.Arg(hwid), out var session, out var error);
            return TakeSession(code, session, ref error);
        }

        /// <summary>Opens a session of an existing account.</summary>
        public Session Login(string username, string password, string hwid = null)
        {
            var code = Native.lk_login(handle, Utf8.Arg(username), Utf8.Arg(password), Utf8.Arg(hwid),
                out var session, out var error);
            return TakeSession(code, session, ref error);
        }

        /// <summary>Opens a session with a license key alone (bound to <paramref name="hwid"/> on first use).</summary>
        public Session License(string licenseKey, string hwid = null)
        {
            var code = Native.lk_license(handle, Utf8.Arg(licenseKey), Utf8.Arg(hwid), out var session, out var error);
            return TakeSession(code, session, ref error);
        }

        /// <summary>Redeems an unused key for an existing account; the upgraded user.</summary>
        public User Upgrade(string username, string password, string licenseKey)
        {
            var code = Native.lk_upgrade(handle, Utf8.Arg(username), Utf8.Arg(password), Utf8.Arg(licenseKey),
                out var user, out var error);
            Native.Check(code, ref error);
            try
            {
                return User.Read(user);
            }
            finally
            {
                Native.lk_user_free(user);
            }
        }

        /// <summary>A copy of the held session (NO_SESSION when there is none).</summary>
        public Session CurrentSession()
        {
            var code = Native.lk_current_session(handle, out var session, out var error);
            return TakeSession(code, session, ref error);
        }

        /// <summary>Continues a session kept from an earlier run; <see cref="Check"/> tells whether it still holds.</summary>
        public void UseSession(string token, string ticket = null)
        {
            var code = Native.lk_use_session(handle, Utf8.Arg(token), Utf8.Arg(ticket), out var error);
            Native.Check(code, ref error);
        }

        /// <summary>Whether the session is still valid (it throws otherwise); refreshes the held user, expiry and ticket.</summary>
        public Session Check()
        {
            var code = Native.lk_check(handle, out var session, out var error);
            return TakeSession(code, session, ref error);
        }

        /// <summary>Keeps the session from going idle; its new expiry.</summary>
        public DateTimeOffset Heartbeat()
        {
            var code = Native.lk_heartbeat(handle, out var expiresAt, out var error);
            Native.Check(code, ref error);
            return Time.Parse(Native.TakeString(expiresAt)) ?? DateTimeOffset.MinValue;
        }

        /// <summary>
        /// Heartbeats every <paramref name="interval"/> (60 s when zero; keep it below the app's idle
        /// timeout) on a thread of liblatchkey's. <paramref name="onLost"/>: the service refused the
        /// session (401/403, or no session) and the heartbeats end. <paramref name="onError"/>: one
        /// heartbeat failed otherwise (network, signature, 429, 5xx) and they go on. Both may be null
        /// and run on the thread pool. Dispose the timer to stop it; disposing the client stops it too.
        /// </summary>
        public HeartbeatTimer StartHeartbeat(TimeSpan interval, Action<LatchkeyException> onLost = null,
            Action<LatchkeyException> onError = null)
        {
            lock (timers)
            {
                if (handle.IsClosed) throw new ObjectDisposedException(nameof(LatchkeyClient));
                var timer = new HeartbeatTimer(handle, interval, onLost, onError, Forget);
                timers.Add(timer);
                return timer;
            }
        }

        private void Forget(HeartbeatTimer timer)
        {
            lock (timers) timers.Remove(timer);
        }

        /// <summary>Ends the session on the service and forgets it here.</summary>
        public void Logout()
        {
            var code = Native.lk_logout(handle, out var error);
            Native.Check(code, ref error);
        }

        /// <summary>A server-side variable of the app.</summary>
        public string Var(string key)
        {
            var code = Native.lk_var(handle, Utf8.Arg(key), out var value, out var error);
            Native.Check(code, ref error);
            return Native.TakeString(value);
        }

        /// <summary>One of the session user's own variables (VARIABLE_NOT_FOUND when it has none by that key).</summary>
        public string UserVar(string key)
        {
            var code = Native.lk_user_var(handle, Utf8.Arg(key), out var value, out var error);
            Native.Check(code, ref error);
            return Native.TakeString(value);
        }

        /// <summary>Creates or replaces one (a new key beyond the user's 50: USER_VARIABLE_LIMIT).</summary>
        public void SetUserVar(string key, string value)
        {
            var code = Native.lk_set_user_var(handle, Utf8.Arg(key), Utf8.Arg(value), out var error);
            Native.Check(code, ref error);
        }

        public void DeleteUserVar(string key)
        {
            var code = Native.lk_delete_user_var(handle, Utf8.Arg(key), out var error);
            Native.Check(code, ref error);
        }

        /// <summary>The session user's variables, ordered by key.</summary>
        public IReadOnlyList<UserVariable> UserVars()
        {
            var code = Native.lk_user_vars(handle, out var variables, out var error);
            Native.Check(code, ref error);
            try
            {
                var r = new StructReader(variables);
                var count = (int)r.SizeT();
                var items = r.Pointer();
                var list = new List<UserVariable>(count);
                for (var i = 0; i < count; i++)
                {
                    var item = new StructReader(items + i * 2 * IntPtr.Size);
                    list.Add(new UserVariable(item.String(), item.String()));
                }
                return list;
            }
            finally
            {
                Native.lk_variables_free(variables);
            }
        }

        /// <summary>Adds a line to the app's audit log, attributed to the session's user.</summary>
        public void Log(string message)
        {
            var code = Native.lk_log(handle, Utf8.Arg(message), out var error);
            Native.Check(code, ref error);
        }

        /// <summary>
        /// Downloads a file to <paramref name="path"/>. With <paramref name="encrypted"/> (recommended) it
        /// is end-to-end encrypted to a key made for this download only and decrypted as it streams; in
        /// any case its size and SHA-256 are checked against the signed answer. The bytes go to a
        /// temporary file beside <paramref name="path"/>, renamed only once everything verified:
        /// <paramref name="path"/> never holds a partial or forged file.
        /// </summary>
        public DownloadedFile DownloadFile(string fileId, string path, bool encrypted = true)
        {
            var code = Native.lk_file(handle, Utf8.Arg(fileId), Utf8.Arg(path), encrypted ? 1 : 0, out var info,
                out var error);
            Native.Check(code, ref error);
            try
            {
                return DownloadedFile.Read(info);
            }
            finally
            {
                Native.lk_file_info_free(info);
            }
        }

        /// <summary>
        /// Downloads a file into memory, never to disk (for a module loaded from memory), with the same
        /// checks as <see cref="DownloadFile(string, string, bool)"/>: the bytes are handed over only once their size and SHA-256
        /// match the signed answer. <paramref name="file"/> describes what was downloaded.
        /// </summary>
        public byte[] DownloadBytes(string fileId, out DownloadedFile file, bool encrypted = true)
        {
            var code = Native.lk_file_to_memory(handle, Utf8.Arg(fileId), encrypted ? 1 : 0, out var bytes,
                out var length, out var info, out var error);
            Native.Check(code, ref error);
            try
            {
                // A byte[] holds at most 2 GiB: larger files go to disk (DownloadFile) or a stream (DownloadFile with a Stream).
                var result = new byte[checked((int)length.ToUInt64())];
                Marshal.Copy(bytes, result, 0, result.Length);
                file = DownloadedFile.Read(info);
                return result;
            }
            finally
            {
                Native.lk_free(bytes);
                Native.lk_file_info_free(info);
            }
        }

        /// <summary>The bytes of a file downloaded into memory (see the overload that describes the file).</summary>
        public byte[] DownloadBytes(string fileId, bool encrypted = true) =>
            DownloadBytes(fileId, out _, encrypted);

        /// <summary>
        /// Writes a download's plaintext to <paramref name="destination"/> piece by piece as it streams,
        /// with no whole copy anywhere. Pieces of an encrypted download have passed their record's
        /// authentication, but the file is verified (size and SHA-256) only when this returns: if it
        /// throws, discard what <paramref name="destination"/> received. An exception
        /// <paramref name="destination"/> throws stops the download and is thrown again here.
        /// </summary>
        public DownloadedFile DownloadFile(string fileId, Stream destination, bool encrypted = true)
        {
            if (destination == null) throw new ArgumentNullException(nameof(destination));
            Exception failure = null;
            var buffer = new byte[0];
            Native.WriteCallback write = (userData, bytes, length) =>
            {
                try
                {
                    var count = checked((int)length.ToUInt64());
                    if (buffer.Length < count) buffer = new byte[count];
                    Marshal.Copy(bytes, buffer, 0, count);
                    destination.Write(buffer, 0, count);
                    return 0;
                }
                catch (Exception err)
                {
                    // Never let an exception cross into native code: stop the download and rethrow below.
                    failure = err;
                    return 1;
                }
            };
            var code = Native.lk_file_to_callback(handle, Utf8.Arg(fileId), encrypted ? 1 : 0, write, IntPtr.Zero,
                out var info, out var error);
            GC.KeepAlive(write);
            if (failure != null) ExceptionDispatchInfo.Capture(failure).Throw();
            Native.Check(code, ref error);
            try
            {
                return DownloadedFile.Read(info);
            }
            finally
            {
                Native.lk_file_info_free(info);
            }
        }

        /// <summary>
        /// Checks an offline ticket with no network: signature, key id, issuer, expiry and claims and,
        /// when <paramref name="hwid"/> is given, that a machine-bound ticket names this machine.
        /// <paramref name="ticket"/> null: the held session's.
        /// </summary>
        public TicketClaims VerifyTicket(string ticket = null, string hwid = null)
        {
            var code = Native.lk_verify_ticket(handle, Utf8.Arg(ticket), Utf8.Arg(hwid), out var claims, out var error);
            Native.Check(code, ref error);
            try
            {
                return TicketClaims.Read(claims);
            }
            finally
            {
                Native.lk_ticket_claims_free(claims);
            }
        }

        /// <summary>
        /// A stable id of this machine for <c>hwid</c>: hex HMAC-SHA256 keyed with <paramref name="salt"/>
        /// (your app's, e.g. its appId) over the operating system's installation id, which never leaves
        /// the machine.
        /// </summary>
        public static string MachineId(string salt)
        {
            Native.EnsureInitialised();
            var code = Native.lk_machine_id(Utf8.Arg(salt), out var id, out var error);
            Native.Check(code, ref error);
            return Native.TakeString(id);
        }

        /// <summary>"SIGNATURE_INVALID" for <see cref="ErrorCode.SignatureInvalid"/>: liblatchkey's name of a code.</summary>
        public static string CodeName(ErrorCode code) => Native.CodeName((int)code);

        /// <summary>Stops this client's heartbeat timers, then frees the C client.</summary>
        public void Dispose()
        {
            HeartbeatTimer[] running;
            lock (timers)
            {
                running = timers.ToArray();
                timers.Clear();
            }
            foreach (var timer in running) timer.Dispose();
            handle.Dispose();
        }

        private static Session TakeSession(int code, IntPtr session, ref Native.ErrorInfo error)
        {
            Native.Check(code, ref error);
            try
            {
                return Session.Read(session);
            }
            finally
            {
                Native.lk_session_free(session);
            }
        }
    }
}
