//! The simulation's side of a debug session: the [`TurnHook`] a run loop asks before each
//! hart's turn, which stops where GDB must hear about it and serves GDB's requests meanwhile.

use super::remote::{Remote, Reply, Request, Resume, StopReason, tid};
use super::{DebugView, Ended, Exit, GdbError, TurnHook};
use crate::trace::Trace;
use gdbstub::common::Signal;
use gdbstub::target::ext::breakpoints::WatchKind;
use macrosim_core::stop::{StopReason as RunStop, StopSignal};
use std::cell::RefCell;
use std::net::{TcpListener, TcpStream};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long [`Debugger::finish`] waits for GDB to take the exit report.
const FAREWELL: Duration = Duration::from_secs(10);

enum State {
    /// Stopped; the reason not yet sent to GDB (`None`: the stop at connection, which GDB asks
    /// about itself).
    Stopped(Option<StopReason>),
    Running,
    /// GDB detached: the program runs on freely.
    Free,
    /// GDB killed the program or went away: every turn is refused and the run asked to stop.
    Over,
}

/// Watched ranges and the first hit of the instruction in flight.
#[derive(Default)]
struct Watches {
    ranges: Vec<(u32, u32, WatchKind)>,
    hit: Option<(WatchKind, u32)>,
}

/// The [`Trace`] that reports accesses to watched memory to the [`Debugger`] it came from.
#[derive(Clone)]
pub struct WatchTrace(Rc<RefCell<Watches>>);

impl WatchTrace {
    fn access(&mut self, addr: u32, size: u32, write: bool) {
        let mut w = self.0.borrow_mut();
        if w.hit.is_some() {
            return;
        }
        let hit = w.ranges.iter().find(|&&(start, len, kind)| {
            let overlaps = addr < start.wrapping_add(len) && start < addr.wrapping_add(size);
            let wanted = match kind {
                WatchKind::Write => write,
                WatchKind::Read => !write,
                WatchKind::ReadWrite => true,
            };
            overlaps && wanted
        });
        w.hit = hit.map(|&(start, _, kind)| (kind, start));
    }
}

impl Trace for WatchTrace {
    const ENABLED: bool = true;
    fn begin(&mut self, _: u32, _: u8, _: u32, _: u32) {}
    fn x_write(&mut self, _: u32, _: u32) {}
    fn f_write(&mut self, _: u32, _: u64) {}
    fn csr_write(&mut self, _: u16, _: u32) {}
    fn mem_read(&mut self, addr: u32, size: u32) {
        self.access(addr, size, false);
    }
    fn mem_write(&mut self, addr: u32, _: u64, size: u32) {
        self.access(addr, size, true);
    }
    fn commit(&mut self) {}
    fn discard(&mut self) {
        self.0.borrow_mut().hit = None;
    }
}

/// A connected GDB and the state of its session.
pub struct Debugger {
    requests: Receiver<Request>,
    replies: Sender<Reply>,
    stops: Sender<StopReason>,
    interrupt: Arc<AtomicBool>,
    protocol: Option<JoinHandle<()>>,
    state: State,
    resume: Resume,
    watches: Rc<RefCell<Watches>>,
    /// GDB threads (harts) in the session.
    threads: usize,
    /// The hart that ran last (a watchpoint hit is its).
    last: usize,
    /// The stepped hart has had its instruction.
    stepped: bool,
    /// Turns refused to other harts since a resumed hart's last offer (scheduler locking gives
    /// way when the resumed harts cannot run: they wait on the others).
    starving: usize,
    ended: Option<Ended>,
    stop: StopSignal,
}

impl Debugger {
    /// Listen on `addr`, wait up to `wait` for GDB, and start the session: GDB sees one thread
    /// per `(hart index, name)` of `threads`, stopped before the first instruction. `stop` is
    /// the run's stop signal, requested when GDB kills the program or goes away.
    pub fn listen(
        addr: &str,
        wait: Duration,
        threads: Vec<(usize, String)>,
        stop: StopSignal,
    ) -> Result<Debugger, GdbError> {
        let stream = accept(addr, wait)?;
        let (req_tx, requests) = channel();
        let (replies, rep_rx) = channel();
        let (stops, stop_rx) = channel();
        let interrupt = Arc::new(AtomicBool::new(false));
        let count = threads.len();
        let remote = Remote {
            requests: req_tx,
            replies: rep_rx,
            stops: stop_rx,
            interrupt: interrupt.clone(),
            threads,
            resume: Resume::default(),
        };
        let protocol = std::thread::Builder::new()
            .name("gdb".into())
            .spawn(move || remote.serve(stream))
            .map_err(|e| GdbError::Protocol(e.to_string()))?;
        Ok(Debugger {
            requests,
            replies,
            stops,
            interrupt,
            protocol: Some(protocol),
            state: State::Stopped(None),
            resume: Resume::default(),
            watches: Rc::default(),
            threads: count,
            last: 0,
            stepped: false,
            starving: 0,
            ended: None,
            stop,
        })
    }

    /// A trace for the harts' runs, through which watchpoints see memory accesses.
    pub fn trace(&self) -> WatchTrace {
        WatchTrace(self.watches.clone())
    }

    /// How GDB left, if it left before the program ended.
    pub fn ended(&self) -> Option<&Ended> {
        self.ended.as_ref()
    }

    /// The program ended: tell GDB (unless it has left) and wait for the protocol thread; how
    /// GDB left, if it left before the end.
    pub fn finish(mut self, exit: Exit) -> Option<Ended> {
        if matches!(self.state, State::Running | State::Stopped(_)) {
            let stop = match exit {
                Exit::Code(c) => StopReason::Exited(c),
                Exit::Signal(s) => StopReason::Terminated(Signal(s)),
            };
            if self.stops.send(stop).is_ok() {
                // GDB may still ask things before it hangs up; nothing is left to show.
                let deadline = Instant::now() + FAREWELL;
                while let Some(left) = deadline.checked_duration_since(Instant::now()) {
                    match self.requests.recv_timeout(left) {
                        Ok(Request::End(_)) | Err(_) => break,
                        Ok(_) => {
                            let _ = self.replies.send(Reply::Bytes(Vec::new()));
                        }
                    }
                }
            }
        }
        drop(self.stops);
        if let Some(p) = self.protocol.take() {
            let _ = p.join();
        }
        self.ended
    }

    /// A stop the last instruction or GDB asked for, whichever hart runs next.
    fn pending(&mut self) -> Option<StopReason> {
        if let Some((kind, addr)) = self.watches.borrow_mut().hit.take() {
            return Some(StopReason::Watch {
                tid: tid(self.last),
                kind,
                addr,
            });
        }
        // Stops name their thread: GDB's step over a breakpoint checks which thread stopped.
        if std::mem::take(&mut self.stepped) {
            return Some(StopReason::SignalWithThread {
                tid: tid(self.last),
                signal: Signal::SIGTRAP,
            });
        }
        if self.interrupt.swap(false, Ordering::Relaxed) {
            return Some(StopReason::SignalWithThread {
                tid: tid(self.last),
                signal: Signal::SIGINT,
            });
        }
        None
    }

    /// Whether GDB resumed `hart`: every hart, or under scheduler locking the stepped one and
    /// those it continued (unless they have not been offered a turn for a while: they wait on
    /// the others).
    fn resumed(&mut self, hart: usize) -> bool {
        if self.resume.step == Some(hart) || self.resume.continued.contains(&hart) {
            self.starving = 0;
            return true;
        }
        if !self.resume.locked {
            return true;
        }
        self.starving += 1;
        self.starving > 2 * self.threads
    }

    /// Tell GDB why the run stopped, then answer its requests until it resumes or leaves.
    fn serve(&mut self, reason: Option<StopReason>, view: &mut dyn DebugView) {
        if let Some(r) = reason
            && self.stops.send(r).is_err()
        {
            return self.leave(Ended::Failed(GdbError::ClientGone(
                "the protocol thread ended".into(),
            )));
        }
        loop {
            let reply = match self.requests.recv() {
                Ok(Request::Regs(h)) => Reply::Regs(Box::new(view.regs(h))),
                Ok(Request::SetRegs(h, r)) => {
                    view.set_regs(h, &r);
                    Reply::Written(true)
                }
                Ok(Request::Read(h, addr, len)) => {
                    let mut buf = vec![0; len];
                    let n = view.read(h, addr, &mut buf);
                    buf.truncate(n);
                    Reply::Bytes(buf)
                }
                Ok(Request::Write(h, addr, data)) => Reply::Written(view.write(h, addr, &data)),
                Ok(Request::Resume(r)) => {
                    *self.watches.borrow_mut() = Watches {
                        ranges: r.watches.clone(),
                        hit: None,
                    };
                    self.stepped = false;
                    self.resume = r;
                    self.state = State::Running;
                    return;
                }
                Ok(Request::End(e)) => return self.leave(e),
                Err(_) => {
                    return self.leave(Ended::Failed(GdbError::ClientGone(
                        "the protocol thread ended".into(),
                    )));
                }
            };
            if self.replies.send(reply).is_err() {
                return self.leave(Ended::Failed(GdbError::ClientGone(
                    "the protocol thread ended".into(),
                )));
            }
        }
    }

    fn leave(&mut self, how: Ended) {
        if matches!(how, Ended::Detached) {
            self.state = State::Free;
        } else {
            self.state = State::Over;
            self.stop.request(RunStop::Interrupted);
        }
        self.ended = Some(how);
    }
}

impl TurnHook for Debugger {
    fn turn(&mut self, hart: usize, view: &mut dyn DebugView) -> u64 {
        loop {
            match std::mem::replace(&mut self.state, State::Running) {
                State::Stopped(reason) => self.serve(reason, view),
                State::Running => {
                    // GDB left while the harts ran: the protocol thread has ended, and its
                    // last word says how.
                    if self.protocol.as_ref().is_some_and(JoinHandle::is_finished) {
                        let how = match self.requests.try_recv() {
                            Ok(Request::End(how)) => how,
                            _ => Ended::Failed(GdbError::ClientGone(
                                "the protocol thread ended".into(),
                            )),
                        };
                        self.leave(how);
                        return 0;
                    }
                    if let Some(stop) = self.pending() {
                        self.state = State::Stopped(Some(stop));
                        continue;
                    }
                    if !self.resumed(hart) {
                        return 0;
                    }
                    // GDB takes a breakpoint out while it steps a thread off it, so a resumed
                    // hart at a breakpoint stops there (one that reached it meanwhile reports
                    // its own hit).
                    if !self.resume.breakpoints.contains(&view.pc(hart)) {
                        break;
                    }
                    self.state = State::Stopped(Some(StopReason::SwBreak(tid(hart))));
                }
                State::Free => {
                    self.state = State::Free;
                    return u64::MAX;
                }
                State::Over => {
                    self.state = State::Over;
                    return 0;
                }
            }
        }
        self.stepped = self.resume.step == Some(hart);
        self.last = hart;
        1
    }
}

/// Bind `addr` and wait up to `wait` for one client.
fn accept(addr: &str, wait: Duration) -> Result<TcpStream, GdbError> {
    let listen = |source| GdbError::Listen {
        addr: addr.to_string(),
        source,
    };
    let listener = TcpListener::bind(addr).map_err(listen)?;
    listener.set_nonblocking(true).map_err(listen)?;
    let deadline = Instant::now() + wait;
    let stream = loop {
        match listener.accept() {
            Ok((stream, _)) => break stream,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err(GdbError::NoClient {
                        addr: addr.to_string(),
                        secs: wait.as_secs(),
                    });
                }
                std::thread::sleep(Duration::from_millis(20));
            }
            Err(e) => return Err(listen(e)),
        }
    };
    let gone = |e: std::io::Error| GdbError::ClientGone(e.to_string());
    stream.set_nonblocking(false).map_err(gone)?;
    let _ = stream.set_nodelay(true);
    Ok(stream)
}
