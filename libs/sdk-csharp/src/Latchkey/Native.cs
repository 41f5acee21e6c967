using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Latchkey
{
    /// <summary>
    /// liblatchkey's C API (libs/sdk-c/include/latchkey.h), one declaration per function. Strings go in
    /// as NUL-terminated UTF-8 byte arrays (never the platform's ANSI code page) and come out as pointers
    /// the library allocated, read by <see cref="Utf8.Read"/> and freed with <c>lk_free</c>.
    /// </summary>
    internal static unsafe class Native
    {
        // DllImport resolves it per platform: liblatchkey.so, latchkey.dll, liblatchkey.dylib.
        private const string Lib = "latchkey";

        [StructLayout(LayoutKind.Sequential)]
        internal struct ErrorInfo
        {
            public int Code;
            public int Status;
            public fixed byte Message[256];
        }

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void HeartbeatCallback(IntPtr error, IntPtr userData);

        /// <summary>lk_write_callback: a piece of a download's plaintext; 0 goes on, anything else stops it.</summary>
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate int WriteCallback(IntPtr userData, IntPtr bytes, UIntPtr length);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern IntPtr lk_error_name(int code);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_global_init();

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_free(IntPtr text);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_client_new(byte[] url, byte[] appId, byte[] apiKey, byte[] publicKey,
            out IntPtr client, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_client_free(IntPtr client);

        // `long` arguments: 32 bits on Windows, the pointer's width elsewhere (LP64), hence two of each.
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl, EntryPoint = "lk_client_set_max_skew")]
        private static extern void lk_client_set_max_skew_lp64(ClientHandle client, long seconds);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl, EntryPoint = "lk_client_set_max_skew")]
        private static extern void lk_client_set_max_skew_llp64(ClientHandle client, int seconds);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl, EntryPoint = "lk_client_set_timeout")]
        private static extern void lk_client_set_timeout_lp64(ClientHandle client, long milliseconds);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl, EntryPoint = "lk_client_set_timeout")]
        private static extern void lk_client_set_timeout_llp64(ClientHandle client, int milliseconds);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_app_info_free(IntPtr info);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_user_free(IntPtr user);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_session_free(IntPtr session);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_variables_free(IntPtr variables);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_file_info_free(IntPtr info);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_ticket_claims_free(IntPtr claims);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_init(ClientHandle client, out IntPtr info, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_register(ClientHandle client, byte[] username, byte[] password,
            byte[] licenseKey, byte[] hwid, out IntPtr session, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_login(ClientHandle client, byte[] username, byte[] password, byte[] hwid,
            out IntPtr session, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_license(ClientHandle client, byte[] licenseKey, byte[] hwid, out IntPtr session,
            out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_upgrade(ClientHandle client, byte[] username, byte[] password,
            byte[] licenseKey, out IntPtr user, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_current_session(ClientHandle client, out IntPtr session, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_use_session(ClientHandle client, byte[] token, byte[] ticket,
            out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_check(ClientHandle client, out IntPtr session, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_heartbeat(ClientHandle client, out IntPtr expiresAt, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_logout(ClientHandle client, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_var(ClientHandle client, byte[] key, out IntPtr value, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_user_var(ClientHandle client, byte[] key, out IntPtr value, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_set_user_var(ClientHandle client, byte[] key, byte[] value, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_delete_user_var(ClientHandle client, byte[] key, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_user_vars(ClientHandle client, out IntPtr variables, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_log(ClientHandle client, byte[] message, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_file(ClientHandle client, byte[] fileId, byte[] path, int encrypted,
            out IntPtr info, out ErrorInfo error);

        // size_t is pointer-sized on every platform the library runs on (UIntPtr), unlike C's long.
        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_file_to_memory(ClientHandle client, byte[] fileId, int encrypted, out IntPtr bytes,
            out UIntPtr length, out IntPtr info, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_file_to_callback(ClientHandle client, byte[] fileId, int encrypted,
            WriteCallback write, IntPtr userData, out IntPtr info, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_verify_ticket(ClientHandle client, byte[] ticket, byte[] hwid, out IntPtr claims,
            out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int lk_machine_id(byte[] salt, out IntPtr id, out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl, EntryPoint = "lk_heartbeat_timer_start")]
        private static extern int lk_heartbeat_timer_start_lp64(ClientHandle client, long intervalMs,
            HeartbeatCallback onLost, HeartbeatCallback onError, IntPtr userData, out IntPtr timer,
            out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl, EntryPoint = "lk_heartbeat_timer_start")]
        private static extern int lk_heartbeat_timer_start_llp64(ClientHandle client, int intervalMs,
            HeartbeatCallback onLost, HeartbeatCallback onError, IntPtr userData, out IntPtr timer,
            out ErrorInfo error);

        [DllImport(Lib, CallingConvention = CallingConvention.Cdecl)]
        internal static extern void lk_heartbeat_timer_stop(IntPtr timer);

        /// <summary>Windows keeps C's <c>long</c> at 32 bits even on 64-bit machines.</summary>
        internal static readonly bool LongIs32Bits =
            Environment.OSVersion.Platform == PlatformID.Win32NT || IntPtr.Size == 4;

        internal static void SetMaxSkew(ClientHandle client, long seconds)
        {
            if (LongIs32Bits) lk_client_set_max_skew_llp64(client, checked((int)seconds));
            else lk_client_set_max_skew_lp64(client, seconds);
        }

        internal static void SetTimeout(ClientHandle client, long milliseconds)
        {
            if (LongIs32Bits) lk_client_set_timeout_llp64(client, checked((int)milliseconds));
            else lk_client_set_timeout_lp64(client, milliseconds);
        }

        internal static int StartHeartbeatTimer(ClientHandle client, long intervalMs, HeartbeatCallback onLost,
            HeartbeatCallback onError, out IntPtr timer, out ErrorInfo error)
        {
            return LongIs32Bits
                ? lk_heartbeat_timer_start_llp64(client, checked((int)intervalMs), onLost, onError, IntPtr.Zero,
                    out timer, out error)
                : lk_heartbeat_timer_start_lp64(client, intervalMs, onLost, onError, IntPtr.Zero, out timer,
                    out error);
        }

        private static readonly object InitLock = new object();
        private static bool initialised;

        /// <summary>lk_global_init, once per process, before the first client (it initialises libcurl).</summary>
        internal static void EnsureInitialised()
        {
            lock (InitLock)
            {
                if (initialised) return;
                var code = lk_global_init();
                if (code != 0) throw LatchkeyException.Of((ErrorCode)code, CodeName(code), 0, "lk_global_init failed");
                initialised = true;
            }
        }

        internal static string CodeName(int code) => Utf8.Read(lk_error_name(code)) ?? "UNKNOWN_ERROR";

        internal static LatchkeyException ToException(int code, ref ErrorInfo error)
        {
            string message;
            fixed (byte* bytes = error.Message)
            {
                var length = 0;
                while (length < 256 && bytes[length] != 0) length++;
                message = Encoding.UTF8.GetString(bytes, length);
            }
            return LatchkeyException.Of((ErrorCode)code, CodeName(code), error.Status, message);
        }

        /// <summary>Throws the typed exception of a failed call.</summary>
        internal static void Check(int code, ref ErrorInfo error)
        {
            if (code != 0) throw ToException(code, ref error);
        }

        /// <summary>A string the library returned, freed once read.</summary>
        internal static string TakeString(IntPtr text)
        {
            try
            {
                return Utf8.Read(text);
            }
            finally
            {
                lk_free(text);
            }
        }
    }

    internal static class Utf8
    {
        /// <summary>NUL-terminated UTF-8 for a C argument; null stays NULL.</summary>
        internal static byte[] Arg(string text)
        {
            if (text == null) return null;
            var bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>A NUL-terminated UTF-8 string of C; NULL reads as null.</summary>
        internal static unsafe string Read(IntPtr text)
        {
            if (text == IntPtr.Zero) return null;
            var bytes = (byte*)text;
            var length = 0;
            while (bytes[length] != 0) length++;
            return Encoding.UTF8.GetString(bytes, length);
        }
    }

    /// <summary>
    /// Reads a C structure field by field with the platform's natural alignment, so one reader serves
    /// Windows (32-bit <c>long</c>) and LP64 systems alike.
    /// </summary>
    internal struct StructReader
    {
        private readonly IntPtr start;
        private int offset;

        internal StructReader(IntPtr start)
        {
            this.start = start;
            offset = 0;
        }

        private void Align(int size) => offset = (offset + size - 1) / size * size;

        internal IntPtr Pointer()
        {
            Align(IntPtr.Size);
            var value = Marshal.ReadIntPtr(start, offset);
            offset += IntPtr.Size;
            return value;
        }

        internal string String() => Utf8.Read(Pointer());

        internal long CLong()
        {
            if (Native.LongIs32Bits) return Int32();
            Align(8);
            var value = Marshal.ReadInt64(start, offset);
            offset += 8;
            return value;
        }

        internal int Int32()
        {
            Align(4);
            var value = Marshal.ReadInt32(start, offset);
            offset += 4;
            return value;
        }

        internal long Int64()
        {
            Align(8);
            var value = Marshal.ReadInt64(start, offset);
            offset += 8;
            return value;
        }

        internal ulong SizeT() => IntPtr.Size == 8 ? (ulong)Int64() : (uint)Int32();
    }
}
