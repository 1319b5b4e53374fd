//! Drives the real binary through the engine protocol.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;

/// A running `stratagem` process speaking the protocol.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl EngineProcess {
    pub fn start() -> EngineProcess {
        EngineProcess::start_with(&[])
    }

    /// Starts the binary with arguments (a subcommand that reads stdin, like `play`).
    pub fn start_with(args: &[&str]) -> EngineProcess {
        let mut child = Command::new(env!("CARGO_BIN_EXE_stratagem"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        EngineProcess {
            child,
            stdin,
            lines: rx,
        }
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            stdin.write_all(bytes).expect("the engine reads its input");
            stdin.flush().expect("flush");
        }
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Reads lines until one starts with `prefix`; returns it (panics after `timeout`).
    pub fn expect_prefix(&mut self, prefix: &str, timeout: Duration) -> String {
        let mut seen = Vec::new();
        loop {
            match self.next_line(timeout) {
                Some(l) if l.starts_with(prefix) => return l,
                Some(l) => seen.push(l),
                None => panic!("no line starting '{prefix}' within {timeout:?}; got {seen:#?}"),
            }
        }
    }

    /// Sends `isready` and waits for `readyok`: proves the process is alive and answering.
    pub fn sync(&mut self) {
        self.send("isready");
        self.expect_prefix("readyok", Duration::from_secs(10));
    }

    /// Closes stdin and waits for the process to exit; returns whether it exited cleanly.
    pub fn finish(mut self) -> bool {
        self.stdin = None;
        matches!(self.child.wait(), Ok(status) if status.success())
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
