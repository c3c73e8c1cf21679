#pragma once
// Runs jobs on N worker threads and hands their results to a writer strictly in submission order,
// so a parallel census writes the same report as a serial one. Memory stays bounded: submit()
// blocks while `window` results are submitted but not yet written (a slow file holds back at most
// that many finished ones). Threads are woken only when it matters — an idle worker when there is
// work, the submitter once half the window is free — so a small job is not a context switch each.
// With one job everything runs on the calling thread.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace gafcheck::cli {

template <typename Result>
class OrderedPipeline {
 public:
  using Job = std::function<Result()>;
  using Writer = std::function<void(Result&&)>;

  OrderedPipeline(unsigned jobs, Writer writer)
      : writer_(std::move(writer)), window_(jobs <= 1 ? 1 : 8 * std::size_t{jobs} + 8) {
    if (jobs <= 1) return;
    for (unsigned i = 0; i < jobs; ++i) workers_.emplace_back([this] { work(); });
  }
  OrderedPipeline(const OrderedPipeline&) = delete;
  OrderedPipeline& operator=(const OrderedPipeline&) = delete;
  ~OrderedPipeline() { stop_workers(); }

  // Queues a job; blocks while the window is full. Rethrows a job's exception.
  void submit(Job job) {
    if (workers_.empty()) return deliver(next_submit_++, job());
    std::unique_lock lock(mutex_);
    wait_for_room(lock);
    jobs_.emplace_back(next_submit_++, std::move(job));
    if (idle_workers_ > 0) work_ready_.notify_one();
  }

  // Hands over a result that needs no work (it still waits its turn to be written).
  void submit_result(Result result) {
    if (workers_.empty()) return deliver(next_submit_++, std::move(result));
    std::unique_lock lock(mutex_);
    wait_for_room(lock);
    const std::uint64_t sequence = next_submit_++;
    lock.unlock();
    deliver(sequence, std::move(result));
  }

  // Waits until every submitted job has run and been written; rethrows a job's exception.
  void finish() {
    if (!workers_.empty()) {
      std::unique_lock lock(mutex_);
      finishing_ = true;
      written_.wait(lock, [this] { return next_write_ == next_submit_ || failure_; });
    }
    stop_workers();
    if (failure_) std::rethrow_exception(failure_);
  }

 private:
  // Blocks while the window is full, then until half of it is free (so the submitter wakes
  // once per batch of writes, not once per write).
  void wait_for_room(std::unique_lock<std::mutex>& lock) {
    if (next_submit_ - next_write_ >= window_ && !failure_) {
      submitter_waiting_ = true;
      written_.wait(lock, [this] { return next_submit_ - next_write_ <= window_ / 2 || failure_; });
      submitter_waiting_ = false;
    }
    if (failure_) std::rethrow_exception(failure_);
  }

  bool someone_waits_for_writes() const {
    return (submitter_waiting_ && next_submit_ - next_write_ <= window_ / 2) ||
           (finishing_ && next_write_ == next_submit_);
  }

  void work() {
    while (true) {
      std::unique_lock lock(mutex_);
      ++idle_workers_;
      work_ready_.wait(lock, [this] { return !jobs_.empty() || stopping_; });
      --idle_workers_;
      if (jobs_.empty()) return;
      auto [sequence, job] = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      try {
        deliver(sequence, job());
      } catch (...) {
        std::lock_guard guard(mutex_);
        if (!failure_) failure_ = std::current_exception();
        written_.notify_all();
      }
    }
  }

  // Stores a result; whoever finds the next result to write becomes the only writer until no
  // written-in-order result is left, so writes never run concurrently and never out of order.
  void deliver(std::uint64_t sequence, Result result) {
    std::unique_lock lock(mutex_);
    ready_.emplace(sequence, std::move(result));
    if (writing_) return;
    writing_ = true;
    while (!ready_.empty() && ready_.begin()->first == next_write_ && !failure_) {
      Result next = std::move(ready_.begin()->second);
      ready_.erase(ready_.begin());
      lock.unlock();
      try {
        writer_(std::move(next));
      } catch (...) {
        lock.lock();
        writing_ = false;
        throw;
      }
      lock.lock();
      ++next_write_;
      if (someone_waits_for_writes()) written_.notify_all();
    }
    writing_ = false;
  }

  void stop_workers() {
    {
      std::lock_guard guard(mutex_);
      stopping_ = true;
    }
    work_ready_.notify_all();
    for (std::thread& worker : workers_)
      if (worker.joinable()) worker.join();
    workers_.clear();
  }

  Writer writer_;
  std::size_t window_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable work_ready_;
  std::condition_variable written_;
  std::deque<std::pair<std::uint64_t, Job>> jobs_;
  std::map<std::uint64_t, Result> ready_;
  std::uint64_t next_submit_ = 0;
  std::uint64_t next_write_ = 0;
  std::size_t idle_workers_ = 0;
  bool submitter_waiting_ = false;
  bool finishing_ = false;
  bool writing_ = false;
  bool stopping_ = false;
  std::exception_ptr failure_;
};

}  // namespace gafcheck::cli
